import type { CodeComparisonPage, RuleFigures, ScanPatterns } from '@qrd/contracts';
import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { anAccountAnalytics } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { formatMoney } from '../lib/money';
import { DashboardAnalytics } from './dashboard-analytics';
import { RulesCard } from './rules-card';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => row.textContent);

describe(RulesCard.name, () => {
  it('names each rule by its conditions and destination, with its scans, leads, sales and revenue', () => {
    const rules: RuleFigures[] = [
      { rule: 1, scans: 12, uniqueScans: 9, leads: 2, sales: 1, revenue: [{ currency: 'EUR', amount: 1000 }], current: { os: ['ios'], destination: 'https://apps.apple.com/app/x' } },
      {
        rule: 2,
        scans: 5,
        uniqueScans: 5,
        leads: 0,
        sales: 3,
        revenue: [{ currency: 'EUR', amount: 4500 }],
        current: { language: ['de'], country: ['DE', 'AT'], destination: 'https://shop.example.de/' },
      },
      { rule: 3, scans: 1, uniqueScans: 1, leads: 0, sales: 0, revenue: [], current: null },
    ];
    render(
      <IntlProvider locale="en" defaultLocale="en">
        <RulesCard rules={rules} />
      </IntlProvider>,
    );

    const rows = rowsOf(screen.getByRole('table', { name: 'By routing rule' }));
    expect(rows[0]).toBe('RuleScansUnique scannersLeadsSalesRevenue');
    expect(rows[1]).toBe(`Rule 1iOS → apps.apple.com/app/x12921${formatMoney(1000, 'EUR')}`);
    expect(rows[2]).toBe(`Rule 2Most salesin DE or AT; language de → shop.example.de5503${formatMoney(4500, 'EUR')}`);
    expect(rows[3]).toBe('Rule 3No longer among the rules1100-');
  });
});

// Patterns and the code table are not what is tested here: empty answers.
const noPatterns = {
  codeId: null,
  from: '2026-06-01',
  to: '2026-06-30',
  tz: 'UTC',
  heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
  countries: [],
  cities: [],
} as ScanPatterns;
const noCodes = { from: '2026-06-01', to: '2026-06-30', previousFrom: '2026-05-02', previousTo: '2026-05-31', tz: 'UTC', sort: 'scans', order: 'desc', page: 1, pageSize: 20, total: 0, items: [] } as CodeComparisonPage;

describe('DashboardAnalytics conversions by folder', () => {
  it("shows each folder's leads, sales and revenue, the codes in no folder apart", async () => {
    installFetchStub()
      .on('GET /api/analytics/patterns', ok(noPatterns))
      .on('GET /api/analytics/codes', ok(noCodes))
      .on(
        'GET /api/analytics',
        ok(
          anAccountAnalytics({
            conversionsByFolder: [
              { folderId: 'f1', name: 'Spring posters', leads: 4, sales: 2, revenue: [{ currency: 'EUR', amount: 5198 }] },
              { folderId: null, name: null, leads: 1, sales: 0, revenue: [] },
            ],
          }),
        ),
      );
    renderWithApp(<DashboardAnalytics />, { path: '/dashboard' });

    const rows = rowsOf(await screen.findByRole('table', { name: 'Conversions by folder' }));
    expect(rows).toEqual(['FolderLeadsSalesRevenue', `Spring postersMost sales42${formatMoney(5198, 'EUR')}`, 'No folder10-']);
  });

  it('shows no folder table while nothing converted', async () => {
    installFetchStub()
      .on('GET /api/analytics/patterns', ok(noPatterns))
      .on('GET /api/analytics/codes', ok(noCodes))
      .on('GET /api/analytics', ok(anAccountAnalytics({ conversionsByFolder: [] })));
    renderWithApp(<DashboardAnalytics />, { path: '/dashboard' });

    await screen.findByRole('heading', { name: 'Scans in a period' });
    expect(screen.queryByRole('table', { name: 'Conversions by folder' })).not.toBeInTheDocument();
  });
});
