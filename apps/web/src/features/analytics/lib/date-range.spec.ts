import { createIntl } from 'react-intl';
import { presetRange, previousRange, rangeLabel, rangeProblems } from './date-range';

/** The app's English (the messages' defaults). */
const intl = createIntl({ locale: 'en', defaultLocale: 'en' });

describe('date ranges', () => {
  const now = new Date('2026-03-15T12:00:00Z');

  it('turns presets into local days on the viewer calendar', () => {
    expect(presetRange('7d', now, 'UTC')).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(presetRange('this-month', now, 'UTC')).toEqual({ from: '2026-03-01', to: '2026-03-15' });
    expect(presetRange('last-month', now, 'UTC')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    // Already the 16th in Auckland.
    expect(presetRange('today', now, 'Pacific/Auckland')).toEqual({ from: '2026-03-16', to: '2026-03-16' });
  });

  it('compares with the same number of days just before', () => {
    expect(previousRange({ from: '2026-03-01', to: '2026-03-10' })).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    expect(previousRange({ from: '2026-03-01', to: '2026-03-01' })).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('says what is wrong with a custom range', () => {
    expect(rangeProblems(intl, { from: '', to: '2026-03-01' })).toEqual({ from: 'Choose a start date' });
    expect(rangeProblems(intl, { from: '2026-02-30', to: '2026-03-01' })).toEqual({ from: 'Enter a real date like 2026-01-31' });
    expect(rangeProblems(intl, { from: '2026-03-02', to: '2026-03-01' })).toEqual({ from: 'The start date must not be after the end date' });
    expect(rangeProblems(intl, { from: '2024-01-01', to: '2026-01-01' })).toEqual({ from: 'Choose a range of at most 366 days' });
    expect(rangeProblems(intl, { from: '2025-01-01', to: '2026-01-01' })).toBeNull();
  });

  it('labels ranges in US English', () => {
    expect(rangeLabel(intl, { from: '2026-02-19', to: '2026-02-28' })).toBe('Feb 19 - Feb 28, 2026');
    expect(rangeLabel(intl, { from: '2025-12-30', to: '2026-01-02' })).toBe('Dec 30, 2025 - Jan 2, 2026');
  });
});
