import { ErrorCode, type InvoiceSummaryView } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { BillingDetailsCard } from './billing-details-card';
import { InvoicesCard } from './invoices-card';

function anInvoice(overrides: Partial<InvoiceSummaryView> = {}): InvoiceSummaryView {
  return {
    id: '5f0c7d1e-1111-4222-8333-944455556666',
    number: 'QRD-2026-000002',
    issuedAt: '2026-03-05T10:00:00.000Z',
    reason: 'subscription_update',
    codesAdded: null,
    totalCents: 312,
    pdfUrl: '/api/invoices/5f0c7d1e-1111-4222-8333-944455556666/pdf',
    hostedUrl: null,
    ...overrides,
  };
}

const DETAILS = { name: '', company: '', addressLine1: '', addressLine2: '', city: '', postalCode: '', country: '', vatId: '' };

describe(InvoicesCard.name, () => {
  it('lists each invoice with its amount and a PDF download; Stripe invoices open on Stripe', async () => {
    installFetchStub().on('GET /api/billing/credit', ok({ creditCents: 0 })).on(
      'GET /api/invoices',
      ok([
        anInvoice(),
        anInvoice({
          id: 'b',
          number: 'A1B2C3D4-0001',
          reason: 'subscription_create',
          totalCents: 349,
          hostedUrl: 'https://invoice.stripe.com/i/acct_1/in_1',
          pdfUrl: 'https://pay.stripe.com/invoice/acct_1/in_1/pdf',
        }),
      ]),
    );
    renderWithApp(<InvoicesCard />, { path: '/account' });

    const list = await screen.findByRole('list', { name: 'Invoices' });
    const [change, first] = within(list).getAllByRole('listitem');
    expect(change).toHaveTextContent('QRD-2026-000002');
    expect(change).toHaveTextContent('Mar 5, 2026 · Plan change');
    expect(change).toHaveTextContent('$3.12');
    const pdf = within(change).getByRole('link', { name: 'PDF of invoice QRD-2026-000002' });
    expect(pdf).toHaveAttribute('href', '/api/invoices/5f0c7d1e-1111-4222-8333-944455556666/pdf');
    expect(pdf).toHaveAttribute('download', 'invoice-QRD-2026-000002.pdf');
    expect(within(first).getByRole('link', { name: 'View invoice A1B2C3D4-0001' })).toHaveAttribute('href', 'https://invoice.stripe.com/i/acct_1/in_1');
    expect(within(first).getByRole('link', { name: 'PDF of invoice A1B2C3D4-0001' })).toHaveAttribute('target', '_blank');
  });

  it('says when there is none yet, and when they cannot be loaded', async () => {
    const server = installFetchStub().on('GET /api/billing/credit', ok({ creditCents: 0 })).on('GET /api/invoices', fail(503, { code: ErrorCode.Unavailable, message: 'down' }));
    renderWithApp(<InvoicesCard />, { path: '/account' });
    const user = userEvent.setup();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your invoices.');

    server.on('GET /api/invoices', ok([]));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
  });
});

describe('InvoicesCard: codes added and credit', () => {
  it('names the codes an invoice added, and shows the credit the next invoices use', async () => {
    installFetchStub()
      .on('GET /api/billing/credit', ok({ creditCents: 2561 }))
      .on('GET /api/invoices', ok([anInvoice({ codesAdded: 2 }), anInvoice({ id: 'c', number: 'QRD-2026-000003', codesAdded: 1 })]));
    renderWithApp(<InvoicesCard />, { path: '/account' });

    const list = await screen.findByRole('list', { name: 'Invoices' });
    const [two, one] = within(list).getAllByRole('listitem');
    expect(two).toHaveTextContent('Mar 5, 2026 · 2 QR codes added');
    expect(one).toHaveTextContent('Mar 5, 2026 · 1 QR code added');
    expect(await screen.findByRole('status', { name: 'Account credit' })).toHaveTextContent('Credit: $25.61.');
  });
});

describe(BillingDetailsCard.name, () => {
  it('saves the details, and shows what the server refused under its field', async () => {
    const server = installFetchStub()
      .on('GET /api/billing-details', ok(DETAILS))
      .on('PUT /api/billing-details', fail(400, { code: ErrorCode.Validation, message: 'Invalid', fields: { city: 'City is too long (100 characters at most)' } }));
    renderWithApp(<BillingDetailsCard />, { path: '/account' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Name'), 'Ada Buyer');
    await user.type(screen.getByLabelText('VAT number (optional)'), '123');
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('VAT number must start with its two-letter country code, e.g. DE123456789')).toBeInTheDocument();
    expect(server.calls('PUT /api/billing-details')).toHaveLength(0);

    await user.clear(screen.getByLabelText('VAT number (optional)'));
    await user.type(screen.getByLabelText('VAT number (optional)'), 'DE123456789');
    await user.type(screen.getByLabelText('City'), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('City is too long (100 characters at most)')).toBeInTheDocument();

    server.on('PUT /api/billing-details', ({ body }) => ok(body as typeof DETAILS));
    await user.click(screen.getByRole('button', { name: 'Save billing details' }));
    expect(await screen.findByText('Billing details saved')).toBeInTheDocument();
    expect(server.calls('PUT /api/billing-details').pop()?.body).toMatchObject({ name: 'Ada Buyer', vatId: 'DE123456789', city: 'Berlin' });
  });
});
