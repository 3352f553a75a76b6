import { BULK_IMPORT_MESSAGES, type BulkImportRowView, type BulkImportView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aTemplate } from '../../../testing/fixtures';
import { installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { BulkImportRoute } from './bulk-import-route';

function aRow(row: number, template: string, errors: Record<string, string> = {}): BulkImportRowView {
  return {
    row,
    cells: { name: `Poster ${row}`, destination: `https://example.com/${row}`, category: '', tags: '', slug: '', template, domain: '' },
    errors,
    codeId: null,
    shortUrl: null,
    failure: null,
  };
}

function aDraft(rows: BulkImportRowView[]): BulkImportView {
  const invalidRows = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return {
    id: 'imp-1',
    state: 'draft',
    createdAt: '2026-01-05T10:00:00.000Z',
    designTemplateId: null,
    rows,
    rowCount: rows.length,
    namedTemplateRows: rows.filter((row) => Object.keys(row.errors).length === 0 && row.cells.template.trim() !== '').length,
    invalidRows,
    pricing: { codesToCreate: rows.length - invalidRows, freeSeats: 5, seatsToBuy: 0, unitAmountCents: 349, interval: 'monthly', totalCents: 0, entitled: true },
    progress: { state: 'draft', total: rows.length - invalidRows, created: 0, failed: 0, seatsBought: 0, amountChargedCents: 0 },
  };
}

const UNKNOWN = BULK_IMPORT_MESSAGES.templateUnknown('Dusk');

describe(BulkImportRoute.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/imports/:id', ok(aDraft([aRow(1, ''), aRow(2, 'Night'), aRow(3, 'Dusk', { template: UNKNOWN })])))
      .on('GET /api/design-templates', ok([aTemplate({ id: 't-1', name: 'Brand colours' }), aTemplate({ id: 't-2', name: 'Night' })]));
  });

  const renderScreen = () => renderWithApp(<BulkImportRoute />, { path: '/dashboard/import?id=imp-1', route: '/dashboard/import' });

  it("shows each row's design template and says which name is not one of the account's", async () => {
    renderScreen();

    const rows = await screen.findByRole('table');
    expect(within(rows).getByRole('columnheader', { name: 'Design template' })).toBeInTheDocument();
    expect(within(screen.getByTestId('import-row-2')).getByText('Night')).toBeInTheDocument();
    expect(within(screen.getByTestId('import-row-3')).getByText(UNKNOWN)).toBeInTheDocument();
  });

  it('fixes a row by naming another template, sending the template with the row', async () => {
    server.on('PUT /api/imports/:id/rows/:row', (request) => ok(aDraft([aRow(1, ''), aRow(2, 'Night'), aRow(3, String(request.body.template))])));
    renderScreen();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Edit row 3' }));
    const field = screen.getByRole('textbox', { name: 'Design template, row 3' });
    await user.clear(field);
    await user.type(field, 'brand colours');
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    await waitFor(() => expect(server.calls('PUT /api/imports/:id/rows/:row')).toHaveLength(1));
    expect(server.calls('PUT /api/imports/:id/rows/:row')[0].body).toMatchObject({ name: 'Poster 3', template: 'brand colours' });
    expect(await screen.findByText('brand colours')).toBeInTheDocument();
  });

  it('creates the codes with the design template chosen for the import, said in the confirmation', async () => {
    server.on('POST /api/imports/:id/confirm', ok({ ...aDraft([aRow(1, ''), aRow(2, 'Night')]), state: 'queued' }));
    server.on('GET /api/imports/:id', ok(aDraft([aRow(1, ''), aRow(2, 'Night')])));
    renderScreen();
    const user = userEvent.setup();

    const choice = await screen.findByRole('combobox', { name: 'Design of the new QR codes' });
    expect(choice).toHaveValue('');
    expect(choice).toHaveAccessibleDescription('1 row names its own template in the template column and keeps it.');
    await within(choice).findByRole('option', { name: 'Brand colours' });
    await user.selectOptions(choice, 'Brand colours');
    await user.click(screen.getByRole('button', { name: 'Create 2 QR codes' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create 2 QR codes?' });
    expect(dialog).toHaveTextContent('They start with the design template "Brand colours", except the rows that name their own template.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and create' }));

    await waitFor(() => expect(server.calls('POST /api/imports/:id/confirm')).toHaveLength(1));
    expect(server.calls('POST /api/imports/:id/confirm')[0].body).toEqual({ totalCents: 0, designTemplateId: 't-1' });
  });

  it('sends no template when the default design is kept', async () => {
    server.on('GET /api/imports/:id', ok(aDraft([aRow(1, '')])));
    server.on('POST /api/imports/:id/confirm', ok({ ...aDraft([aRow(1, '')]), state: 'queued' }));
    renderScreen();
    const user = userEvent.setup();

    expect(await screen.findByRole('combobox', { name: 'Design of the new QR codes' })).toHaveAccessibleDescription(
      'A row can name one of your templates in a template column instead.',
    );
    await user.click(screen.getByRole('button', { name: 'Create 1 QR code' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('They start with the default design.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and create' }));

    await waitFor(() => expect(server.calls('POST /api/imports/:id/confirm')[0]?.body).toEqual({ totalCents: 0, designTemplateId: null }));
  });

  it('shows the progress of a running import and cancels it after asking, keeping the codes created', async () => {
    const running: BulkImportView = {
      ...aDraft([aRow(1, '')]),
      state: 'running',
      rowCount: 5000,
      pricing: null,
      progress: { state: 'running', total: 5000, created: 1500, failed: 0, seatsBought: 4999, amountChargedCents: 100 },
    };
    server.on('GET /api/imports/:id', ok(running));
    server.on('POST /api/imports/:id/cancel', ok({ ...running, state: 'cancelled', progress: { ...running.progress, state: 'cancelled', created: 2000 } }));
    renderScreen();
    const user = userEvent.setup();

    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '30');
    expect(bar).toHaveAttribute('aria-valuetext', '1,500 of 5,000 rows');
    await user.click(screen.getByRole('button', { name: 'Cancel import' }));
    expect(server.calls('POST /api/imports/:id/cancel')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop the import' }));

    expect(await screen.findByRole('heading', { name: 'Import cancelled' })).toBeInTheDocument();
    expect(server.calls('POST /api/imports/:id/cancel')).toHaveLength(1);
    expect(screen.getByText(/2,000 of 5,000 created\. The 3,000 rows left were not created; the codes created stay\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel import' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the result (CSV)' })).toBeInTheDocument();
  });
});
