import { ErrorCode, type UserView } from '@qrd/contracts';
import { screen, waitFor } from '@testing-library/react';
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
    expect(screen.getByText('Invalid username or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(sut.pathname()).toBe('/auth');
  });
});
