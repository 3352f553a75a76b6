import { ErrorCode } from '@qrd/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser } from '../../testing/fixtures';
import { fail, installFetchStub, noContent, ok, type FetchStub } from '../../testing/fetch-stub';
import { renderWithApp } from '../../testing/render';
import AccountRoute from './account';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP = { secret: SECRET, otpauthUrl: `otpauth://totp/QR%20Dynamic:ada?secret=${SECRET}&issuer=QR%20Dynamic` };
const CODES = ['abcde-fghjk', 'bcdef-ghjkm', 'cdefg-hjkmn', 'defgh-jkmnp', 'efghj-kmnpq', 'fghjk-mnpqr', 'ghjkm-npqrs', 'hjkmn-pqrst', 'jkmnp-qrstu', 'kmnpq-rstuv'];
/** The two-factor card: the page has a change-password form with a "Current password" field too. */
const card = () => within(screen.getByRole('region', { name: 'Two-factor sign-in' }));
const WRONG = "That code didn't work. Enter the current 6-digit code from your authenticator app, or an unused recovery code.";


describe('AccountRoute: two-factor sign-in', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub().on('GET /api/auth/user', ok(aUser()));
  });

  it('sets up with the password, a QR code drawn here and the key as text, then shows the recovery codes once', async () => {
    server.on('POST /api/two-factor/setup', ok(SETUP)).on('POST /api/two-factor/enable', ok({ recoveryCodes: CODES }));
    renderWithApp(<AccountRoute />, { path: '/account?tab=security' });
    const user = userEvent.setup();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(card().getByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(card().getByLabelText('Current password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src') ?? '')).toContain('<svg');
    expect(screen.getByLabelText('Setup key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(server.calls('POST /api/two-factor/setup')[0].body).toEqual({ currentPassword: 'correct-horse' });

    server.on('GET /api/auth/user', ok(aUser({ twoFactorEnabled: true })));
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(server.calls('POST /api/two-factor/enable')[0].body).toEqual({ code: '123456' });
    expect(screen.queryByLabelText('Setup key')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "I've saved my recovery codes" }));
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('shows a wrong password, and a wrong code, under their fields', async () => {
    const incorrect = 'Current password is incorrect';
    server.on('POST /api/two-factor/setup', fail(400, { code: ErrorCode.Validation, message: incorrect, fields: { currentPassword: incorrect } }));
    renderWithApp(<AccountRoute />, { path: '/account?tab=security' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(card().getByLabelText('Current password'), 'not-it');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(card().getByLabelText('Current password')).toHaveAccessibleDescription(incorrect));

    server.on('POST /api/two-factor/setup', ok(SETUP));
    server.on('POST /api/two-factor/enable', fail(400, { code: ErrorCode.Validation, message: WRONG, fields: { code: WRONG } }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code from the app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    await waitFor(() => expect(screen.getByLabelText('Code from the app')).toHaveAccessibleDescription(WRONG));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('turns off with the password and a code', async () => {
    server.on('GET /api/auth/user', ok(aUser({ twoFactorEnabled: true })));
    server.on('POST /api/two-factor/disable', noContent());
    renderWithApp(<AccountRoute />, { path: '/account?tab=security' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));

    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(server.calls('POST /api/two-factor/disable')).toHaveLength(0);

    await user.type(card().getByLabelText('Current password'), 'correct-horse');
    await user.type(screen.getByLabelText('Code from the app or a recovery code'), '654321');
    server.on('GET /api/auth/user', ok(aUser({ twoFactorEnabled: false })));
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));

    expect(await screen.findByText('Two-factor sign-in is off')).toBeInTheDocument();
    expect(server.calls('POST /api/two-factor/disable')[0].body).toEqual({ currentPassword: 'correct-horse', code: '654321' });
    expect(await screen.findByRole('button', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  });

  it('tells an admin who must enrol why', async () => {
    server.on('GET /api/auth/user', ok(aUser({ role: 'admin', twoFactorRequired: true })));
    renderWithApp(<AccountRoute />, { path: '/account?tab=security' });
    expect(await screen.findByText('Your role needs two-factor sign-in before you can use the admin area.')).toBeInTheDocument();
  });
});
