import { ErrorCode, type ApiKeyView, type CreatedApiKey } from '@qrd/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deferred, fail, installFetchStub, noContent, ok, type Reply } from '../../../testing/fetch-stub';
import { renderWithApp } from '../../../testing/render';
import { ApiKeysTab } from './api-keys-tab';

const KEY = 'qrd_live_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';

const SHOP: ApiKeyView = {
  id: '7d1f0c52-8f0e-4c55-9d1b-7a6a0e0f0001',
  name: 'Shop',
  scope: 'write',
  resources: ['codes', 'analytics', 'webhooks'],
  prefix: 'qrd_live_a1B2',
  createdAt: '2026-11-20T09:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: '2026-11-24T15:30:00.000Z',
  lastUsedIp: '203.0.113.7',
};

describe('ApiKeysTab', () => {
  it('creates a key, shows it once with a copy button, then lists it by its prefix', async () => {
    const created: CreatedApiKey = { ...SHOP, id: '7d1f0c52-8f0e-4c55-9d1b-7a6a0e0f0002', name: 'Print pipeline', scope: 'read', lastUsedAt: null, lastUsedIp: null, key: KEY };
    let keys: ApiKeyView[] = [];
    const server = installFetchStub()
      .on('GET /api/api-keys', () => ok(keys))
      .on('POST /api/api-keys', () => {
        const { key: _shown, ...view } = created;
        keys = [view];
        return ok(created, 201);
      });
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    expect(await screen.findByText('No API keys yet. Create one above to start using the API.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Print pipeline');

    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key')).toHaveTextContent(KEY);
    expect(server.calls('POST /api/api-keys')[0].body).toEqual({ name: 'Print pipeline', scope: 'read' });
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    // userEvent.setup() gives the page a clipboard of its own: what was copied is in it.
    expect(await navigator.clipboard.readText()).toBe(KEY);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('qrd_live_a1B2…')).toBeInTheDocument();
    expect(within(list).getByText('Never used')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(KEY);

    await user.click(screen.getByRole('button', { name: "I've saved it" }));
    expect(screen.queryByText(KEY)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('sends only the resource groups left ticked, and lists a narrower key with them', async () => {
    const created: CreatedApiKey = { ...SHOP, id: '7d1f0c52-8f0e-4c55-9d1b-7a6a0e0f0003', name: 'Reports', scope: 'read', resources: ['analytics'], key: KEY };
    let keys: ApiKeyView[] = [];
    const server = installFetchStub()
      .on('GET /api/api-keys', () => ok(keys))
      .on('POST /api/api-keys', () => {
        const { key: _shown, ...view } = created;
        keys = [view];
        return ok(created, 201);
      });
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'Reports');
    await user.click(screen.getByRole('checkbox', { name: /^Codes/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Webhooks/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(await screen.findByLabelText('New API key')).toHaveTextContent(KEY);
    expect(server.calls('POST /api/api-keys')[0].body).toEqual({ name: 'Reports', scope: 'read', resources: ['analytics'] });
    expect(within(await screen.findByRole('list', { name: 'API keys' })).getByText('Analytics only')).toBeInTheDocument();
  });

  it('sends the scope and the last day chosen, and shows what the server refused', async () => {
    const server = installFetchStub()
      .on('GET /api/api-keys', ok([]))
      .on('POST /api/api-keys', fail(400, { code: ErrorCode.Validation, message: 'The expiry must be a date like 2026-12-31, in the future', fields: { expiresOn: 'The expiry must be a date like 2026-12-31, in the future' } }));
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Name'), 'CRM');
    await user.click(screen.getByRole('radio', { name: /Read and write/ }));
    await user.type(screen.getByLabelText('Last day (optional)'), '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect((await screen.findAllByText('The expiry must be a date like 2026-12-31, in the future'))[0]).toBeInTheDocument();
    expect(server.calls('POST /api/api-keys')[0].body).toEqual({ name: 'CRM', scope: 'write', expiresOn: '2020-01-01' });
  });

  it('asks for a name before sending anything', async () => {
    const server = installFetchStub().on('GET /api/api-keys', ok([]));
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give the key a name of 1 to 60 characters');
    expect(server.calls('POST /api/api-keys')).toHaveLength(0);
  });

  it('shows where a key was last used and revokes it after asking', async () => {
    let keys: ApiKeyView[] = [SHOP];
    const server = installFetchStub()
      .on('GET /api/api-keys', () => ok(keys))
      .on('DELETE /api/api-keys/:id', () => {
        keys = [{ ...SHOP, revokedAt: '2026-11-25T10:00:00.000Z' }];
        return noContent();
      });
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    expect(await screen.findByText(/Last used .* from 203\.0\.113\.7/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke Shop' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Programs using this key stop working at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(server.calls('DELETE /api/api-keys/:id')[0].params.id).toBe(SHOP.id);
    expect(screen.queryByRole('button', { name: 'Revoke Shop' })).not.toBeInTheDocument();
  });

  it('says so when the keys cannot be loaded, and tries again on request', async () => {
    const answer = deferred<Reply<ApiKeyView[]>>();
    const server = installFetchStub().on('GET /api/api-keys', fail(503, { code: ErrorCode.Unavailable, message: 'The service is restarting' }));
    renderWithApp(<ApiKeysTab />, { path: '/account' });
    expect(await screen.findByText(/Could not load your keys/, {}, { timeout: 5000 })).toBeInTheDocument();
    server.on('GET /api/api-keys', () => answer.promise);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    answer.resolve(ok([SHOP]));
    expect(await screen.findByText('Shop')).toBeInTheDocument();
  });
});
