import { DOMAIN_MESSAGES, permissionsOf, type WorkspaceView } from '@qrd/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchStub, ok, type FetchStub } from '../../../testing/fetch-stub';
import { aCode, aDomain, aSubscription } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render';
import { chooseWorkspace, setSignedInUser } from '../../../lib/workspace';
import { CreateCodeForm } from './create-code-form';

const ACME = aDomain({ state: 'verified' });
const PENDING = aDomain({ id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e02', hostname: 'go.acme.com', unicodeHostname: 'go.acme.com' });

function renderForm() {
  return renderWithApp(<CreateCodeForm subscription={aSubscription({ seats: 1, seatsUsed: 0 })} codesInUse={0} />, { path: '/create-qr' });
}

async function fillIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Table menu');
  await user.type(screen.getByLabelText('Destination URL'), 'https://example.com/menu');
  return user;
}

describe('CreateCodeForm: the domain of the link', () => {
  let server: FetchStub;

  beforeEach(() => {
    server = installFetchStub().on('POST /api/qrcodes', ok(aCode({ id: 'c-9' }), 201));
  });

  it('offers no choice while the workspace has no verified domain, and sends no domainId', async () => {
    server.on('GET /api/domains', ok([PENDING]));
    renderForm();
    const user = await fillIn();
    await waitFor(() => expect(server.calls('GET /api/domains')).toHaveLength(1));
    expect(screen.queryByLabelText('Domain')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await waitFor(() => expect(server.calls('POST /api/qrcodes')).toHaveLength(1));
    expect(server.calls('POST /api/qrcodes')[0].body).not.toHaveProperty('domainId');
  });

  it('lists the default host first, then the verified domains, and sends no domainId for the default host', async () => {
    server.on('GET /api/domains', ok([ACME, PENDING]));
    renderForm();
    const user = await fillIn();

    const select = await screen.findByLabelText('Domain');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([`${window.location.host} (default)`, 'qr.acme.com']);
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(`Your short link: ${window.location.origin}/r/…`);

    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
    await waitFor(() => expect(server.calls('POST /api/qrcodes')).toHaveLength(1));
    expect(server.calls('POST /api/qrcodes')[0].body).toEqual({ name: 'Table menu', destinationUrl: 'https://example.com/menu' });
  });

  it('sends the chosen domain as domainId, and the preview shows its host', async () => {
    server.on('GET /api/domains', ok([ACME]));
    renderForm();
    const user = await fillIn();

    await user.selectOptions(await screen.findByLabelText('Domain'), 'qr.acme.com');
    await user.type(screen.getByLabelText('Custom short link (optional)'), 'menu');
    expect(screen.getByLabelText('Domain')).toHaveAccessibleDescription('Your short link: https://qr.acme.com/menu');
    await user.click(screen.getByRole('button', { name: 'Create QR Code' }));

    await waitFor(() => expect(server.calls('POST /api/qrcodes')).toHaveLength(1));
    expect(server.calls('POST /api/qrcodes')[0].body).toEqual({ name: 'Table menu', destinationUrl: 'https://example.com/menu', slug: 'menu', domainId: ACME.id });
    // The availability check answers for the default host: it is not asked for a custom domain's link.
    expect(server.calls('GET /api/qrcodes/slug-availability')).toHaveLength(0);
  });

  it('keeps hosted pages on the default host', async () => {
    server.on('GET /api/domains', ok([ACME]));
    renderForm();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Domain'), 'qr.acme.com');

    await user.click(screen.getByRole('radio', { name: /Contact card/ }));

    const select = screen.getByLabelText('Domain');
    expect(select).toBeDisabled();
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(DOMAIN_MESSAGES.pagesOnDefaultHost);
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
      // Unmounted first: the screen would otherwise re-render for the personal workspace.
      cleanup();
      chooseWorkspace(null);
      setSignedInUser(null);
    });

    it("offers an editor the workspace's verified domains too, and sends the chosen one", async () => {
      server.on('GET /api/workspaces', ok([workspace('editor')])).on('GET /api/domains', ok([ACME]));
      renderForm();
      const user = await fillIn();
      await user.selectOptions(await screen.findByLabelText('Domain'), ACME.id);
      await user.click(screen.getByRole('button', { name: 'Create QR Code' }));
      await waitFor(() => expect(server.calls('POST /api/qrcodes')).toHaveLength(1));
      expect(server.calls('POST /api/qrcodes')[0].body).toMatchObject({ domainId: ACME.id });
      expect(server.calls('POST /api/qrcodes')[0].headers['x-workspace']).toBe('ws-2');
    });

    it('does not ask for the domains of a viewer (who creates no codes)', async () => {
      server.on('GET /api/workspaces', ok([workspace('viewer')])).on('GET /api/domains', ok([ACME]));
      renderForm();
      await waitFor(() => expect(server.calls('GET /api/workspaces')).toHaveLength(1));
      expect(server.calls('GET /api/domains')).toHaveLength(0);
    });

    it("offers an admin the workspace's verified domains", async () => {
      server.on('GET /api/workspaces', ok([workspace('admin')])).on('GET /api/domains', ok([ACME]));
      renderForm();
      expect(await screen.findByLabelText('Domain')).toBeInTheDocument();
      expect(server.calls('GET /api/domains')[0].headers['x-workspace']).toBe('ws-2');
    });
  });
});
