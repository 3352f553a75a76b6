import { ErrorCode } from '@qrd/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../testing/fetch-stub';
import { renderWithApp } from '../../testing/render';
import ConfirmEmailRoute from './confirm-email';

function renderConfirm(token = 'tok-123') {
  return renderWithApp(<ConfirmEmailRoute />, { path: `/confirm-email/${token}`, route: '/confirm-email/:token' });
}

describe('ConfirmEmailRoute', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub();
  });

  it('confirms only on a click (a mail scanner opening the link changes nothing), then says which address counts now', async () => {
    const answer = deferred<Reply<{ email: string }>>();
    server.on('POST /api/email-change/confirm', () => answer.promise);
    renderConfirm();
    const user = userEvent.setup();

    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeInTheDocument();
    expect(server.calls('POST /api/email-change/confirm')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm email address' }));
    expect(await screen.findByRole('button', { name: 'Confirming...' })).toBeDisabled();
    answer.resolve(ok({ email: 'grace@example.com' }));

    expect(await screen.findByRole('heading', { name: 'Email confirmed' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my account' })).toHaveAttribute('href', '/account');
    expect(server.calls('POST /api/email-change/confirm')[0].body).toEqual({ token: 'tok-123' });
  });

  it('says when the link is invalid, used or expired', async () => {
    server.on(
      'POST /api/email-change/confirm',
      fail(410, { code: ErrorCode.Gone, message: 'This email confirmation link is invalid or has expired' }),
    );
    renderConfirm();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Confirm email address' }));

    expect(await screen.findByRole('heading', { name: 'Link invalid' })).toBeInTheDocument();
    expect(screen.getByText('This email confirmation link is invalid or has expired.')).toBeInTheDocument();
  });

  it('keeps the button for another try when the server cannot answer', async () => {
    server.on('POST /api/email-change/confirm', fail(503, { code: ErrorCode.Unavailable, message: 'The service is not answering' }));
    renderConfirm();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Confirm email address' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The service is not answering');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm email address' })).toBeEnabled());
  });
});
