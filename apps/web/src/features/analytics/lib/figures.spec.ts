import { createIntl } from 'react-intl';
import { bucketLabel, countryName, formatWhen, growth, lastDays, referrerName } from './figures';

/** The app's English (the messages' defaults). */
const intl = createIntl({ locale: 'en', defaultLocale: 'en' });

describe('analytics figures', () => {
  it('compares months only when there is a previous month', () => {
    expect(growth(intl, 125, 100)).toBe('+25%');
    expect(growth(intl, 90, 100)).toBe('-10%');
    expect(growth(intl, 10, 0)).toBeNull();
  });

  it("says 'Never' without a last scan", () => {
    expect(formatWhen(intl, null)).toBe('Never');
  });

  it('labels day and hour buckets', () => {
    expect(bucketLabel(intl, '2026-01-05')).toBe('Jan 5');
    expect(bucketLabel(intl, '2026-01-05T00:00')).toBe('12 AM');
    expect(bucketLabel(intl, '2026-01-05T15:00')).toBe('3 PM');
  });

  it('names countries and referrers for people', () => {
    expect(countryName(intl, 'GB')).toBe('United Kingdom');
    expect(countryName(intl, '')).toBe('Unknown');
    expect(referrerName(intl, '')).toBe('Direct (camera app)');
  });

  it('counts the last days with today included', () => {
    expect(lastDays(7, new Date('2026-03-10T12:00:00Z'), 'UTC')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
