import { createIntl } from 'react-intl';
import { countLine, DEFAULT_FILTERS, isFiltering, stateExplanation, stateHint, truncate } from './code-list';

const intl = createIntl({ locale: 'en', defaultLocale: 'en' });

describe(isFiltering.name, () => {
  it('is true for a search, a state or a category, not for a sort or blank search', () => {
    expect(isFiltering(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltering({ ...DEFAULT_FILTERS, q: '  ', sort: 'name', order: 'asc' })).toBe(false);
    expect(isFiltering({ ...DEFAULT_FILTERS, q: 'menu' })).toBe(true);
    expect(isFiltering({ ...DEFAULT_FILTERS, state: 'inactive' })).toBe(true);
    expect(isFiltering({ ...DEFAULT_FILTERS, category: 'event' })).toBe(true);
  });
});

describe(countLine.name, () => {
  it('says how many are shown of how many', () => {
    expect(countLine(intl, 3, 3)).toBe('3 QR codes');
    expect(countLine(intl, 1, 1)).toBe('1 QR code');
    expect(countLine(intl, 1, 4)).toBe('Showing 1 of 4 QR codes');
    expect(countLine(intl, 50, 5000)).toBe('Showing 50 of 5,000 QR codes');
  });
});

describe(truncate.name, () => {
  it('cuts at 30 characters with an ellipsis', () => {
    expect(truncate('https://example.com/a-very-long-path')).toBe('https://example.com/a-very-lon…');
    expect(truncate('short')).toBe('short');
  });
});

describe(stateExplanation.name, () => {
  it('names the reason a code does not redirect', () => {
    expect(stateExplanation(intl, { state: 'active', suspended: { billing: false, account: false } })).toBeNull();
    expect(stateExplanation(intl, { state: 'suspended', suspended: { billing: true, account: false } })).toMatch(/subscription/);
    expect(stateExplanation(intl, { state: 'suspended', suspended: { billing: false, account: true } })).toMatch(/account/);
    expect(
      stateExplanation(intl, { state: 'active', suspended: { billing: false, account: false }, takedown: { reason: 'Phishing page', at: '2026-11-25T10:00:00.000Z' } }),
    ).toMatch(/disabled this code for abuse \(Phishing page\)/);
  });
});

describe(stateHint.name, () => {
  const facts = { state: 'active' as const, suspended: { billing: false, account: false } };

  it('says when a code expired, or which scan limit it used up', () => {
    expect(stateHint(intl, { ...facts, effectiveState: 'active', campaign: { expiresAt: '2030-01-01T00:00:00Z' } })).toBeNull();
    expect(stateHint(intl, { ...facts, effectiveState: 'expired', campaign: { expiresAt: '2026-01-05T09:30:00Z' } })).toMatch(/^Expired on Jan 5, 2026, /);
    expect(stateHint(intl, { ...facts, effectiveState: 'scan_limit_reached', campaign: { scanLimit: 1500 } })).toBe('Scan limit of 1,500 reached');
  });

  it('says when a scheduled code starts, and what its scanners get until then', () => {
    const campaign = { startsAt: '2030-03-02T08:15:00Z' };
    expect(stateHint(intl, { ...facts, effectiveState: 'scheduled', campaign })).toMatch(/^Starts on Mar 2, 2030, /);
    expect(stateExplanation(intl, { ...facts, effectiveState: 'scheduled', campaign })).toMatch(/: scans show a "not live yet" page\.$/);
    expect(stateExplanation(intl, { ...facts, effectiveState: 'scheduled', campaign: { ...campaign, fallbackUrl: 'https://example.com/soon' } })).toMatch(
      /: scans go to https:\/\/example\.com\/soon\.$/,
    );
  });

  it('explains what scanners of an expired code get: the expired page, or the fallback URL', () => {
    expect(stateExplanation(intl, { ...facts, effectiveState: 'scan_limit_reached', campaign: { scanLimit: 1 } })).toBe(
      'Scan limit of 1 reached: scans show an "expired" page.',
    );
    expect(stateExplanation(intl, { ...facts, effectiveState: 'scan_limit_reached', campaign: { scanLimit: 1, fallbackUrl: 'https://example.com/over' } })).toBe(
      'Scan limit of 1 reached: scans go to https://example.com/over.',
    );
  });
});
