import { DOMAIN_MESSAGES, ErrorCode, permissionsOf, type QrCodeView, type WorkspaceView } from '@qrd/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, ok, type FetchStub, type Reply } from '../../../testing/fetch-stub';
import { aCode, aDomain, PREVIEW_DATA_URL } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { chooseWorkspace, setSignedInUser } from '../../../lib/workspace';
import { EditQrRoute } from '../routes/edit-qr-route';

const ACME = aDomain({ state: 'verified' });
const GO = aDomain({ id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e02', hostname: 'xn--bcher-kva.example', unicodeHostname: 'bücher.example', state: 'verified' });
const PENDING = aDomain({ id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e03', hostname: 'new.acme.com' });
const CODE = aCode({ id: 'c-1', slug: 'menu', shortUrl: 'http://localhost/r/menu' });
const ON_ACME: QrCodeView = { ...CODE, domain: ACME.hostname, shortUrl: 'https://qr.acme.com/menu', updatedAt: '2026-01-06T10:00:00.000Z' };

/** The edit screen's Preview & Download tab, where the short link is. */
function renderScreen() {
  return renderWithApp(<EditQrRoute />, { path: '/edit-qr/c-1?tab=preview', route: '/edit-qr/:id' });
}

/** The line that names the link's domain. */
const domainLine = async () => (await screen.findByText('Domain:')).closest('p');
const redirectionUrl = () => screen.getByText((_, element) => element?.tagName === 'CODE' && element.getAttribute('aria-labelledby') === 'short-url-label');

describe('Moving a code to another domain (edit screen)', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub()
      .on('GET /api/qrcodes/:id', ok(CODE))
      .on('GET /api/qrcodes/:id/preview', ok({ dataUrl: PREVIEW_DATA_URL }))
      .on('GET /api/domains', ok([ACME, GO, PENDING]));
  });

  it('shows the domain of the link and offers the default host and the verified domains only', async () => {
    renderScreen();
    expect(await domainLine()).toHaveTextContent('Domain: localhost (default)');
    const select = await screen.findByLabelText('Change domain');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([`${window.location.host} (default)`, 'qr.acme.com', 'bücher.example']);
    expect(select).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Save domain' })).toBeDisabled();
  });

  it('moves the code with the chosen domainId, shows the new link at once and says so', async () => {
    const answer = deferred<Reply<QrCodeView>>();
    server.on('PATCH /api/qrcodes/:id', () => answer.promise);
    renderScreen();
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Change domain'), ACME.id);
    expect(screen.getByText(/The link keeps its ending: https:\/\/qr\.acme\.com\/menu/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save domain' }));

    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ domainId: ACME.id });
    expect(screen.getByRole('button', { name: 'Save domain' })).toBeDisabled();
    answer.resolve(ok(ON_ACME));

    expect(await screen.findByText('Domain changed')).toBeInTheDocument();
    expect(screen.getByText("The code's link is now https://qr.acme.com/menu")).toBeInTheDocument();
    await waitFor(() => expect(redirectionUrl()).toHaveTextContent('https://qr.acme.com/menu'));
    expect(await domainLine()).toHaveTextContent('Domain: qr.acme.com');
    expect(screen.getByLabelText('Change domain')).toHaveValue(ACME.id);
  });

  it('moves a code back to the default host with domainId null', async () => {
    server.on('GET /api/qrcodes/:id', ok(ON_ACME)).on('PATCH /api/qrcodes/:id', ok({ ...CODE, updatedAt: '2026-01-07T10:00:00.000Z' }));
    renderScreen();
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Change domain');
    await waitFor(() => expect(select).toHaveValue(ACME.id));

    await user.selectOptions(select, '');
    await user.click(screen.getByRole('button', { name: 'Save domain' }));

    await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1));
    expect(server.calls('PATCH /api/qrcodes/:id')[0].body).toEqual({ domainId: null });
    expect(await screen.findByText("The code's link is now http://localhost/r/menu")).toBeInTheDocument();
  });

  it("asks before moving a code that was scanned or downloaded, with the server's warning, and moves it anyway once confirmed", async () => {
    const warning = DOMAIN_MESSAGES.moveBreaksPrints(CODE.shortUrl);
    server.on('PATCH /api/qrcodes/:id', (request) =>
      request.body.confirmDomainMove ? ok(ON_ACME) : fail(409, { code: ErrorCode.Conflict, message: warning, fields: { domainId: warning } }),
    );
    renderScreen();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Change domain'), ACME.id);
    await user.click(screen.getByRole('button', { name: 'Save domain' }));

    const dialog = await screen.findByRole('dialog', { name: 'Move this code to qr.acme.com?' });
    expect(dialog).toHaveTextContent(warning);
    expect(screen.queryByText('Failed to change the domain')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Move anyway' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PATCH /api/qrcodes/:id').map((call) => call.body)).toEqual([{ domainId: ACME.id }, { domainId: ACME.id, confirmDomainMove: true }]);
    expect(await screen.findByText("The code's link is now https://qr.acme.com/menu")).toBeInTheDocument();
  });

  it('leaves the code where it is when the move is cancelled', async () => {
    const warning = DOMAIN_MESSAGES.moveBreaksPrints(CODE.shortUrl);
    server.on('PATCH /api/qrcodes/:id', fail(409, { code: ErrorCode.Conflict, message: warning, fields: { domainId: warning } }));
    renderScreen();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Change domain'), ACME.id);
    await user.click(screen.getByRole('button', { name: 'Save domain' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1);
    expect(redirectionUrl()).toHaveTextContent('http://localhost/r/menu');
  });

  it("shows the server's refusal (the slug is taken on that domain) under the choice", async () => {
    const taken = 'This short link is already taken on qr.acme.com';
    server.on('PATCH /api/qrcodes/:id', fail(400, { code: ErrorCode.Validation, message: taken, fields: { domainId: taken } }));
    renderScreen();
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Change domain');
    await user.selectOptions(select, ACME.id);
    await user.click(screen.getByRole('button', { name: 'Save domain' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no change while the workspace has no verified domain', async () => {
    server.on('GET /api/domains', ok([PENDING]));
    renderScreen();
    await waitFor(() => expect(server.calls('GET /api/domains')).toHaveLength(1));
    expect(await domainLine()).toHaveTextContent('Domain: localhost (default)');
    expect(screen.queryByLabelText('Change domain')).not.toBeInTheDocument();
  });

  it('offers no move for a hosted page (it stays on the default host), and does not ask for the domains', async () => {
    server.on('GET /api/qrcodes/:id', ok({ ...CODE, content: { type: 'wifi', ssid: 'Café Guests', security: 'WPA', password: 'espresso-42', hidden: false } }));
    renderScreen();
    expect(await domainLine()).toHaveTextContent('Domain: localhost (default)');
    expect(screen.queryByLabelText('Change domain')).not.toBeInTheDocument();
    expect(server.calls('GET /api/domains')).toHaveLength(0);
  });

  describe('in a shared workspace', () => {
    const workspace = (role: WorkspaceView['role']): WorkspaceView => ({
      id: 'ws-2',
      name: 'Acme',
      personal: false,
      role,
      permissions: permissionsOf(role),
      memberCount: 3,
      createdAt: '2026-01-05T10:00:00.000Z',
      transfer: null,
    });

    beforeEach(() => {
      setSignedInUser('u-1');
      chooseWorkspace('ws-2');
    });

    afterEach(() => {
      cleanup();
      chooseWorkspace(null);
      setSignedInUser(null);
    });

    it('shows a viewer the domain of a code on a custom domain, without asking for the domains or offering a move', async () => {
      server.on('GET /api/workspaces', ok([workspace('viewer')])).on('GET /api/qrcodes/:id', ok(ON_ACME));
      renderScreen();
      expect(await domainLine()).toHaveTextContent('Domain: qr.acme.com');
      await waitFor(() => expect(server.calls('GET /api/workspaces')).toHaveLength(1));
      expect(screen.queryByLabelText('Change domain')).not.toBeInTheDocument();
      expect(server.calls('GET /api/domains')).toHaveLength(0);
    });

    it('lets an editor move a code', async () => {
      server.on('GET /api/workspaces', ok([workspace('editor')])).on('PATCH /api/qrcodes/:id', ok(ON_ACME));
      renderScreen();
      const user = userEvent.setup();
      await user.selectOptions(await screen.findByLabelText('Change domain'), ACME.id);
      await user.click(screen.getByRole('button', { name: 'Save domain' }));
      await waitFor(() => expect(server.calls('PATCH /api/qrcodes/:id')).toHaveLength(1));
      expect(server.calls('PATCH /api/qrcodes/:id')[0].headers['x-workspace']).toBe('ws-2');
    });
  });
});
