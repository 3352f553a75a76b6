import { ruleFigures, rulesInForce } from './rule-figures';

const IOS = { os: ['ios' as const], destination: 'https://apps.apple.com/x' };
const GERMAN = { language: ['de'], destination: 'https://example.de/' };
const SUMMER = { country: ['FR'], destination: 'https://example.fr/ete' };
const NOW = Date.parse('2026-06-10T12:00:00Z');

describe(ruleFigures.name, () => {
  it('joins each rule position with its conversions and names it by the rule now at that position', () => {
    const conversions = new Map([[2, { leads: 1, sales: 2, revenue: [{ currency: 'EUR', amount: 5000 }] }]]);
    const figures = ruleFigures([{ rule: 1, scans: 7, uniqueScans: 5 }, { rule: 2, scans: 3, uniqueScans: 3 }], conversions, { rules: [IOS, GERMAN] }, NOW);
    expect(figures).toEqual([
      { rule: 1, scans: 7, uniqueScans: 5, leads: 0, sales: 0, revenue: [], current: IOS },
      { rule: 2, scans: 3, uniqueScans: 3, leads: 1, sales: 2, revenue: [{ currency: 'EUR', amount: 5000 }], current: GERMAN },
    ]);
  });

  it('keeps a rule with conversions but no scans in the range, and a position the rules no longer have', () => {
    const figures = ruleFigures([], new Map([[3, { leads: 1, sales: 0, revenue: [] }]]), { rules: [IOS] }, NOW);
    expect(figures).toEqual([{ rule: 3, scans: 0, uniqueScans: 0, leads: 1, sales: 0, revenue: [], current: null }]);
  });
});

describe(rulesInForce.name, () => {
  it("takes the latest passed schedule change's rules, else the campaign's own", () => {
    const campaign = {
      rules: [IOS],
      schedule: [
        { at: '2026-06-10T11:00:00+00:00', destination: 'https://example.com/a', rules: [SUMMER] },
        { at: '2026-06-10T11:30:00+00:00', destination: 'https://example.com/b' },
        { at: '2026-06-10T13:00:00+00:00', destination: 'https://example.com/c', rules: [GERMAN] },
      ],
    };
    expect(rulesInForce(campaign, NOW)).toEqual([SUMMER]);
    expect(rulesInForce(campaign, Date.parse('2026-06-10T10:00:00Z'))).toEqual([IOS]);
    expect(rulesInForce(campaign, Date.parse('2026-06-11T00:00:00Z'))).toEqual([GERMAN]);
    expect(rulesInForce(null, NOW)).toEqual([]);
  });
});
