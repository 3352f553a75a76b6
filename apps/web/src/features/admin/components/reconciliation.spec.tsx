import { ErrorCode, type ReconcileReport } from '@qrd/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, ok, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { Reconciliation } from './reconciliation';

const REPORT: ReconcileReport = {
  ranAt: '2026-11-25T10:00:00.000Z',
  checks: [
    { check: 'redirect-table', checked: 120, repaired: 2, needsAttention: 0, details: ['2 of 120 redirect entries were missing or older than their code and were rewritten'] },
    { check: 'outbox', checked: 0, repaired: 0, needsAttention: 0, details: [] },
    { check: 'seats', checked: 14, repaired: 0, needsAttention: 1, details: ['user u1: holds 2 codes with 1 seats paid'] },
  ],
};

describe('Reconciliation', () => {
  it('runs the checks on request and shows what each found', async () => {
    const answer = deferred<Reply<ReconcileReport>>();
    const server = installFetchStub().on('POST /api/admin/reconcile', () => answer.promise);
    renderWithApp(<Reconciliation />, { path: '/admin' });
    expect(screen.getByText('No check run from here yet.')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconcile now' }));

    expect(await screen.findByRole('button', { name: 'Checking…' })).toBeDisabled();
    answer.resolve(ok(REPORT));
    expect(await screen.findByText('2 repaired · 120 checked')).toBeInTheDocument();
    expect(screen.getByText('All agree · 0 checked')).toBeInTheDocument();
    expect(screen.getByText('1 to look at · 14 checked')).toBeInTheDocument();
    expect(screen.getByText('user u1: holds 2 codes with 1 seats paid')).toBeInTheDocument();
    expect(server.calls('POST /api/admin/reconcile')).toHaveLength(1);
  });

  it('says so when the checks could not run', async () => {
    installFetchStub().on('POST /api/admin/reconcile', fail(504, { code: ErrorCode.Timeout, message: 'The qr-service did not answer in time' }));
    renderWithApp(<Reconciliation />, { path: '/admin' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Reconcile now' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The qr-service did not answer in time');
    expect(screen.getByRole('button', { name: 'Reconcile now' })).toBeEnabled();
  });
});
