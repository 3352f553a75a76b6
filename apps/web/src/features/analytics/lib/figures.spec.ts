import { bucketLabel, countryName, formatWhen, growth, lastDays, referrerName } from './figures';

describe('analytics figures', () => {
  it('compares months only when there is a previous month', () => {
    expect(growth(125, 100)).toBe('+25%');
    expect(growth(90, 100)).toBe('-10%');
    expect(growth(10, 0)).toBeNull();
  });

  it("says 'Never' without a last scan", () => {
    expect(formatWhen(null)).toBe('Never');
  });

  it('labels day and hour buckets', () => {
    expect(bucketLabel('2026-01-05')).toBe('Jan 5');
    expect(bucketLabel('2026-01-05T00:00')).toBe('12 AM');
    expect(bucketLabel('2026-01-05T15:00')).toBe('3 PM');
  });

  it('names countries and referrers for people', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('')).toBe('Unknown');
    expect(referrerName('')).toBe('Direct (camera app)');
  });

  it('counts the last days with today included', () => {
    expect(lastDays(7, new Date('2026-03-10T12:00:00Z'), 'UTC')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
  });
});
