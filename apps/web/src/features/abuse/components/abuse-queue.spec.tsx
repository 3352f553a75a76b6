import { ErrorCode, type AbuseReportPage, type AbuseReportView, type ReportedCodeView } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, installFetchStub, ok } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { AbuseQueue } from './abuse-queue';

const CODE: ReportedCodeView = {
  id: '2b0f5a8e-8a55-4c1a-9d7e-1f2d3c4b5a69',
  name: 'Spring menu',
  destinationUrl: 'https://bank-login.example/',
  ownerId: '8c7e9d2a-1111-4aaa-8bbb-222233334444',
  state: 'active',
  deleted: false,
  takedown: null,
};

const REPORT: AbuseReportView = {
  id: '5d2a6c1e-0000-4000-8000-000000000001',
  slug: 'AbC1234',
  reason: 'phishing',
  details: 'Asks for my bank password',
  reporterEmail: 'witness@example.com',
  status: 'open',
  createdAt: '2026-11-25T10:00:00.000Z',
  resolvedAt: null,
  code: CODE,
};

function page(items: AbuseReportView[]): AbuseReportPage {
  return { items, total: items.length, page: 1, pageSize: 25 };
}

describe('AbuseQueue', () => {
  it('lists open reports and takes a code down with a reason', async () => {
    let takenDown = false;
    const server = installFetchStub()
      .on('GET /api/admin/reports', (req) =>
        ok(page(req.query.get('status') === 'open' ? [{ ...REPORT, code: takenDown ? { ...CODE, takedown: { reason: 'Phishing', at: REPORT.createdAt } } : CODE }] : [])),
      )
      .on('POST /api/admin/codes/:slug/takedown', (req) => {
        takenDown = true;
        return ok({ ...CODE, takedown: { reason: req.body.reason, at: REPORT.createdAt } });
      });
    renderWithApp(<AbuseQueue />, { path: '/admin' });
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Open reports' });
    expect(within(list).getByText('/r/AbC1234')).toBeInTheDocument();
    expect(within(list).getByText('Phishing or stealing passwords')).toBeInTheDocument();
    expect(within(list).getByText('Asks for my bank password')).toBeInTheDocument();
    expect(within(list).getByText('Reported by witness@example.com')).toBeInTheDocument();
    expect(within(list).getByText('Redirecting')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take down /r/AbC1234' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take down /r/AbC1234?' });
    await user.click(within(dialog).getByRole('button', { name: 'Take down' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason');
    expect(server.calls('POST /api/admin/codes/:slug/takedown')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason'), 'Phishing page collecting bank passwords');
    await user.click(within(dialog).getByRole('button', { name: 'Take down' }));

    expect(await screen.findByText('Code taken down')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/codes/:slug/takedown')[0].body).toEqual({ reason: 'Phishing page collecting bank passwords' });
    expect(await screen.findByText('Taken down')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore /r/AbC1234' })).toBeInTheDocument();
  });

  it('switches to resolved reports, says when there are none, and reopens one', async () => {
    const resolved = { ...REPORT, status: 'resolved' as const, resolvedAt: REPORT.createdAt };
    const server = installFetchStub()
      .on('GET /api/admin/reports', (req) => ok(page(req.query.get('status') === 'resolved' ? [resolved] : [])))
      .on('POST /api/admin/reports/:id/status', (req) => ok({ ...REPORT, status: req.body.status }));
    renderWithApp(<AbuseQueue />, { path: '/admin' });
    const user = userEvent.setup();

    expect(await screen.findByText('No open reports. Nothing waits for you.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resolved' }));
    expect(screen.getByRole('button', { name: 'Resolved' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByRole('list', { name: 'Resolved reports' });

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    expect(server.calls('POST /api/admin/reports/:id/status')[0].body).toEqual({ status: 'open' });
  });

  it('shows the failure and a retry when the queue cannot load', async () => {
    installFetchStub().on('GET /api/admin/reports', fail(503, { code: ErrorCode.Unavailable, message: 'The qr-service is not answering' }));
    renderWithApp(<AbuseQueue />, { path: '/admin' });

    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent('Could not load the reports');
    expect(screen.getByRole('button', { name: /Retry/ })).toBeInTheDocument();
  }, 20_000);
});
