import { countLine, DEFAULT_FILTERS, isFiltering, stateExplanation, truncate } from './code-list';

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
    expect(countLine(3, 3)).toBe('3 QR codes');
    expect(countLine(1, 1)).toBe('1 QR code');
    expect(countLine(1, 4)).toBe('Showing 1 of 4 QR codes');
    expect(countLine(50, 5000)).toBe('Showing 50 of 5,000 QR codes');
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
    expect(stateExplanation({ state: 'active', suspended: { billing: false, account: false } })).toBeNull();
    expect(stateExplanation({ state: 'suspended', suspended: { billing: true, account: false } })).toMatch(/subscription/);
    expect(stateExplanation({ state: 'suspended', suspended: { billing: false, account: true } })).toMatch(/account/);
    expect(
      stateExplanation({ state: 'active', suspended: { billing: false, account: false }, takedown: { reason: 'Phishing page', at: '2026-11-25T10:00:00.000Z' } }),
    ).toMatch(/disabled this code for abuse \(Phishing page\)/);
  });
});
