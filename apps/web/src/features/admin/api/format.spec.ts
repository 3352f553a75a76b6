import { createIntl } from 'react-intl';
import { toCodeOverview } from './admin-overview';
import { formatCount, formatDate, formatMoney, formatRevenue, pageViewRows, pageViewTotals } from './format';

/** The app's English (the messages' defaults). */
const intl = createIntl({ locale: 'en', defaultLocale: 'en' });

describe('admin figures', () => {
  it('formats dates in US English and money in dollars', () => {
    expect(formatDate(intl, '2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
    expect(formatMoney(intl, 1234.5)).toBe('$1,234.50');
    expect(formatCount(intl, null)).toBe('—');
    expect(formatCount(intl, 12345)).toBe('12,345');
  });

  it('shows revenue in each currency it was earned in, never added together', () => {
    const byCurrency = [
      { currency: 'usd' as const, monthlyRevenue: 9.89, annualRevenue: 118.66, seats: 3 },
      { currency: 'eur' as const, monthlyRevenue: 3.29, annualRevenue: 39.48, seats: 1 },
    ];
    expect(formatRevenue(intl, byCurrency, (r) => r.monthlyRevenue)).toBe('$9.89, €3.29');
    expect(formatRevenue(intl, byCurrency.slice(1), (r) => r.annualRevenue)).toBe('€39.48');
    expect(formatRevenue(intl, [], (r) => r.monthlyRevenue)).toBe('$0.00');
    // A billing-service from before the currencies (a rolling deploy): its dollar figure.
    expect(formatRevenue(intl, undefined, (r) => r.monthlyRevenue, 9.89)).toBe('$9.89');
    expect(formatMoney(intl, 2.99, 'gbp')).toBe('£2.99');
  });

  it('sums page views and picks the homepage', () => {
    const visits = { '/': 4, '/dashboard': 7, '/edit-qr/:id': 2 };
    expect(pageViewTotals(visits)).toEqual({ total: 13, homepage: 4 });
    expect(pageViewTotals({})).toEqual({ total: 0, homepage: 0 });
    expect(pageViewRows(visits).map((row) => row.path)).toEqual(['/dashboard', '/', '/edit-qr/:id']);
  });

  it('reads the code overview or a bare list', () => {
    expect(toCodeOverview([{}, {}])).toEqual({ total: 2, totalScans: null, scansLast30Days: null, scansToday: null, deadLetteredScans: null });
    expect(
      toCodeOverview({
        total: 5,
        totalScans: 40,
        scansLast30Days: 12,
        botScans: 1,
        byState: { active: 5, deactivated: 0, suspended: 0 },
        items: [],
        page: 1,
        pageSize: 1,
      }),
    ).toEqual({ total: 5, totalScans: 40, scansLast30Days: 12, scansToday: null, deadLetteredScans: null });
  });
});
