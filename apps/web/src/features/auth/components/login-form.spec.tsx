import { ErrorCode, type UserView } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser } from '../../../testing/fixtures';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

describe(LoginForm.name, () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub();
  });

  it('requires a username and a password', async () => {
    renderWithApp(<LoginForm />, { path: '/auth' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });

  it('says Signing in... while busy, then signs in and opens the dashboard', async () => {
    const answer = deferred<Reply<UserView>>();
    server.on('POST /api/login', () => answer.promise);
    const sut = renderWithApp(<LoginForm />, { path: '/auth' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    answer.resolve(ok(aUser()));
    await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(server.calls('POST /api/login')[0].body).toEqual({ username: 'ada', password: 'correct-horse' });
  });

  it("shows the server's message when the login is refused", async () => {
    server.on('POST /api/login', fail(401, { code: ErrorCode.Unauthenticated, message: 'Invalid username or password' }));
    const sut = renderWithApp(<LoginForm />, { path: '/auth' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'wrong');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    // Said at the form as well as in the toast.
    const form = screen.getByRole('button', { name: 'Sign In' }).closest('form') as HTMLFormElement;
    expect(within(form).getByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(sut.pathname()).toBe('/auth');
  });
});

describe('LoginForm with two-factor sign-in', () => {
  let server: FetchStub;
  const challenge = { twoFactorRequired: true as const, ticket: 'ticket-1', message: 'Enter the 6-digit code from your authenticator app.' };

  beforeEach(() => {
    server = installFetchStub().on('POST /api/login', ok(challenge, 202));
  });

  async function passPasswordStep() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    return user;
  }

  it('asks for the code after the password, and signs in only once the code is accepted', async () => {
    const answer = deferred<Reply<UserView>>();
    server.on('POST /api/login/two-factor', () => answer.promise);
    const sut = renderWithApp(<LoginForm />, { path: '/auth' });
    const user = await passPasswordStep();

    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(sut.pathname()).toBe('/auth');
    expect(sut.queryClient.getQueryData(['auth', 'user'])).toBeUndefined();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();
    answer.resolve(ok(aUser({ twoFactorEnabled: true })));

    await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(server.calls('POST /api/login/two-factor')[0].body).toEqual({ ticket: 'ticket-1', code: '123456' });
  });

  it('shows a wrong code under the field and lets the person try again, or use a recovery code', async () => {
    const wrong = "That code didn't work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";
    server.on('POST /api/login/two-factor', fail(401, { code: ErrorCode.Unauthenticated, message: wrong }));
    const sut = renderWithApp(<LoginForm />, { path: '/auth' });
    const user = await passPasswordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '000000');

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(wrong));
    expect(sut.pathname()).toBe('/auth');

    server.on('POST /api/login/two-factor', ok(aUser()));
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), 'abcde-fghjk');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(sut.pathname()).toBe('/dashboard'));
    expect(server.calls('POST /api/login/two-factor')[1].body).toEqual({ ticket: 'ticket-1', code: 'abcde-fghjk' });
  });

  it('goes back to the password step when the sign-in has expired', async () => {
    server.on('POST /api/login/two-factor', fail(410, { code: ErrorCode.Gone, message: 'Your sign-in has expired. Please sign in again.' }));
    renderWithApp(<LoginForm />, { path: '/auth' });
    const user = await passPasswordStep();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');

    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Sign-in expired')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('ada');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
