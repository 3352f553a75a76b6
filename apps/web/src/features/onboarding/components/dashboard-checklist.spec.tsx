import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aBillingConfig, aCodeCount, aSubscription, aUser } from '../../../testing/fixtures';
import { installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { DashboardChecklist } from './dashboard-checklist';

describe(DashboardChecklist.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    localStorage.clear();
    server = installFetchStub()
      .on('GET /api/auth/user', ok(aUser({ id: 'u-new', firstName: null, lastName: null })))
      .on('GET /api/config', ok(aBillingConfig()))
      .on('GET /api/subscription', ok(aSubscription()))
      .on('GET /api/qrcodes', ok(aCodeCount(0)));
  });

  it('greets a new account with its checklist, counting its codes without listing them', async () => {
    renderWithApp(<DashboardChecklist />, { path: '/dashboard' });

    const checklist = await screen.findByRole('region', { name: 'Get started in three steps' });
    await waitFor(() => expect(checklist).toHaveTextContent('1 of 3 steps completed'));
    expect(server.calls('GET /api/qrcodes')[0].query.get('limit')).toBe('1');
  });

  it('stays away once dismissed, also on the next visit', async () => {
    const first = renderWithApp(<DashboardChecklist />, { path: '/dashboard' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the checklist' }));
    expect(screen.queryByRole('region', { name: 'Get started in three steps' })).not.toBeInTheDocument();
    first.unmount();

    renderWithApp(<DashboardChecklist />, { path: '/dashboard' });
    await waitFor(() => expect(server.calls('GET /api/auth/user').length).toBeGreaterThan(1));
    expect(screen.queryByRole('region', { name: 'Get started in three steps' })).not.toBeInTheDocument();
  });

  it('is gone once every step is done', async () => {
    server.on('GET /api/auth/user', ok(aUser({ id: 'u-done' }))).on('GET /api/qrcodes', ok(aCodeCount(3)));
    renderWithApp(<DashboardChecklist />, { path: '/dashboard' });

    await waitFor(() => expect(server.calls('GET /api/qrcodes')).toHaveLength(1));
    await waitFor(() => expect(server.calls('GET /api/subscription')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: /three steps|all set/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/steps completed/)).not.toBeInTheDocument();
  });
});
