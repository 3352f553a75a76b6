import { ErrorCode, type CodeAnalytics as CodeAnalyticsView, type PreviousPeriod } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CodeAnalytics, formatMoney } from './code-analytics';

describe('CodeAnalytics', () => {
  it('says the export has started when the CSV download is clicked', async () => {
    installFetchStub().on('GET /api/qrcodes/:id/analytics', fail(503, { code: ErrorCode.Unavailable, message: 'Try again' }));
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });
    const link = await screen.findByRole('link', { name: 'Export scans (CSV)' });
    // jsdom cannot download: keep the click's effect on the page only.
    link.addEventListener('click', (event) => event.preventDefault());

    expect(screen.queryByText(/Export started/)).not.toBeInTheDocument();
    await userEvent.setup().click(link);

    expect(link).toHaveAttribute('href', '/api/qrcodes/c1/scans.csv');
    expect(screen.getByText(/^Export started: your browser is downloading every scan of this code/)).toHaveAttribute('role', 'status');
  });
});

const noPatterns = {
  codeId: 'c1',
  from: '2026-06-01',
  to: '2026-06-30',
  tz: 'UTC',
  heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
  countries: [],
  cities: [],
};

describe('CodeAnalytics of an A/B code', () => {
  it('shows scans, unique scanners and the share of each variant', async () => {
    const empty = { countries: [], regions: [], cities: [], devices: [], os: [], browsers: [], referrers: [] };
    installFetchStub()
      .on('GET /api/qrcodes/:id/analytics/patterns', ok(noPatterns))
      .on(
      'GET /api/qrcodes/:id/analytics',
      ok({
        codeId: 'c1',
        from: '2026-06-01',
        to: '2026-06-30',
        tz: 'UTC',
        granularity: 'day',
        scans: 40,
        uniqueScans: 20,
        uniqueWindow: 'day',
        botScans: 0,
        allTime: { scans: 40, botScans: 0, lastScanAt: '2026-06-30T10:00:00.000Z' },
        last30Days: 40,
        series: [],
        ...empty,
        variants: [
          { key: 'A', scans: 30, uniqueScans: 14 },
          { key: 'B', scans: 10, uniqueScans: 6 },
        ],
      }),
    );
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });

    const table = await screen.findByRole('table', { name: '' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['VariantScansUnique scannersShare', 'A301475%', 'B10625%']);
  });

  it('shows the leads, sales and revenue of the range, and marks the variant with the most sales', async () => {
    const empty = { countries: [], regions: [], cities: [], devices: [], os: [], browsers: [], referrers: [] };
    installFetchStub()
      .on('GET /api/qrcodes/:id/analytics/patterns', ok(noPatterns))
      .on(
        'GET /api/qrcodes/:id/analytics',
        ok({
          codeId: 'c1',
          from: '2026-06-01',
          to: '2026-06-30',
          tz: 'UTC',
          granularity: 'day',
          scans: 40,
          uniqueScans: 20,
          uniqueWindow: 'day',
          botScans: 0,
          allTime: { scans: 40, botScans: 0, lastScanAt: '2026-06-30T10:00:00.000Z' },
          last30Days: 40,
          series: [],
          ...empty,
          conversions: { leads: 5, sales: 3, revenue: [{ currency: 'EUR', amount: 7797 }] },
          variants: [
            { key: 'A', scans: 30, uniqueScans: 14, leads: 4, sales: 1, revenue: [{ currency: 'EUR', amount: 2599 }] },
            { key: 'B', scans: 10, uniqueScans: 6, leads: 1, sales: 2, revenue: [{ currency: 'EUR', amount: 5198 }] },
          ],
        }),
      );
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });

    const card = (await screen.findByText('Conversions')).closest('div[class*="rounded"]') as HTMLElement;
    expect(card).toHaveTextContent('Leads5');
    expect(card).toHaveTextContent('Sales3');
    expect(card).toHaveTextContent(formatMoney(7797, 'EUR'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows[0]).toBe('VariantScansUnique scannersShareLeadsSalesRevenue');
    expect(rows[1]).toBe(`A301475%41${formatMoney(2599, 'EUR')}`);
    expect(rows[2]).toBe(`BMost sales10625%12${formatMoney(5198, 'EUR')}`);
  });
});

const emptyBreakdowns = { countries: [], regions: [], cities: [], devices: [], os: [], browsers: [], referrers: [] };
function codeAnalytics(from: string, to: string, previous: PreviousPeriod): CodeAnalyticsView {
  return {
    codeId: 'c1',
    from,
    to,
    tz: 'UTC',
    granularity: 'day' as const,
    scans: 30,
    uniqueScans: 12,
    uniqueWindow: 'day',
    botScans: 0,
    allTime: { scans: 90, botScans: 0, lastScanAt: '2026-06-30T10:00:00.000Z' },
    last30Days: 30,
    series: [],
    ...emptyBreakdowns,
    previous,
  };
}

describe('CodeAnalytics over a custom range', () => {
  it('refuses a range that ends before it starts, then shows the chosen range against the period before', async () => {
    const server = installFetchStub()
      .on('GET /api/qrcodes/:id/analytics/patterns', ok(noPatterns))
      .on(
        'GET /api/qrcodes/:id/analytics',
        ok(
          codeAnalytics('2026-03-01', '2026-03-10', {
            from: '2026-02-19',
            to: '2026-02-28',
            scans: 20,
            uniqueScans: 0,
            botScans: 0,
            change: { scans: 50, uniqueScans: 'new' },
          }),
        ),
      );
    const user = userEvent.setup();
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });
    await screen.findByRole('group', { name: 'Scans' });

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(server.calls('GET /api/qrcodes/:id/analytics').every((c) => c.query.get('from') !== '2026-03-10')).toBe(true);

    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.clear(to);
    await user.type(to, '2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));

    await waitFor(() => expect(server.calls('GET /api/qrcodes/:id/analytics').some((c) => c.query.get('from') === '2026-03-01')).toBe(true));
    const last = server.calls('GET /api/qrcodes/:id/analytics').at(-1);
    expect([last?.query.get('to'), last?.query.get('compare')]).toEqual(['2026-03-10', 'previous']);
    const scans = await screen.findByRole('group', { name: 'Scans' });
    await waitFor(() => expect(within(scans).getByText('+50%')).toBeInTheDocument());
    expect(within(scans).getByText('20 in Feb 19 - Feb 28, 2026; 90 all time')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Unique scanners (one per day)' })).getByText('New')).toBeInTheDocument();
  });
});

describe('CodeAnalytics of a code counting visitors per hour', () => {
  it('names the window of its unique scanners beside the total scans', async () => {
    const perHour: CodeAnalyticsView = {
      ...codeAnalytics('2026-06-01', '2026-06-30', { from: '2026-05-02', to: '2026-05-31', scans: 0, uniqueScans: 0, botScans: 0, change: { scans: 'new', uniqueScans: 'new' } }),
      scans: 3,
      uniqueScans: 2,
      uniqueWindow: 'hour',
    };
    installFetchStub().on('GET /api/qrcodes/:id/analytics/patterns', ok(noPatterns)).on('GET /api/qrcodes/:id/analytics', ok(perHour));
    renderWithApp(<CodeAnalytics codeId="c1" />, { path: '/qrcodes/c1' });

    const uniques = await screen.findByRole('group', { name: 'Unique scanners (one per hour)' });
    expect(within(uniques).getByText('2')).toBeInTheDocument();
    expect(within(uniques).getByText(/a visitor counts again each hour/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Scans' })).getByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Unique scanners (one per day)' })).not.toBeInTheDocument();
  });
});
