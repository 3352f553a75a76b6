import { ErrorCode } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { CodeAnalytics } from './code-analytics';

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

describe('CodeAnalytics of an A/B code', () => {
  it('shows scans, unique scanners and the share of each variant', async () => {
    const empty = { countries: [], regions: [], cities: [], devices: [], os: [], browsers: [], referrers: [] };
    installFetchStub().on(
      'GET /api/qrcodes/:id/analytics',
      ok({
        codeId: 'c1',
        from: '2026-06-01',
        to: '2026-06-30',
        tz: 'UTC',
        granularity: 'day',
        scans: 40,
        uniqueScans: 20,
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

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['VariantScansUnique scannersShare', 'A301475%', 'B10625%']);
  });
});
