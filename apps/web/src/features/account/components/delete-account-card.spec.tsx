import { ErrorCode } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authKeys } from '../../../lib/auth';
import { fail, installFetchStub, noContent } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { DeleteAccountCard } from './delete-account-card';

describe('DeleteAccountCard', () => {
  it('says what happens, asks for the password, and shows a wrong one under the field', async () => {
    const server = installFetchStub().on('DELETE /api/account', () =>
      fail(400, { code: ErrorCode.Validation, message: 'Current password is incorrect', fields: { currentPassword: 'Current password is incorrect' } }),
    );
    const app = renderWithApp(<DeleteAccountCard />, { path: '/account' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your subscription is cancelled at once and will not renew.');
    expect(dialog).toHaveTextContent('This cannot be undone.');

    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();
    expect(server.calls('DELETE /api/account')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Your password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(server.calls('DELETE /api/account')[0].body).toEqual({ currentPassword: 'wrong-password' });
    expect(app.pathname()).toBe('/account');
  });

  it('deletes the account with the password, forgets the user and goes home', async () => {
    const server = installFetchStub().on('DELETE /api/account', () => noContent());
    const app = renderWithApp(<DeleteAccountCard />, { path: '/account' });
    app.queryClient.setQueryData(authKeys.user(), { id: 'u1', username: 'alice' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your password'), 'Correct-horse-1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));

    expect(await screen.findByText('Account deleted')).toBeInTheDocument();
    expect(server.calls('DELETE /api/account')[0].body).toEqual({ currentPassword: 'Correct-horse-1' });
    expect(app.pathname()).toBe('/');
    expect(app.queryClient.getQueryData(authKeys.user())).toBeNull();
  });
});
