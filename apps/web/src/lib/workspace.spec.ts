import { installFetchStub, ok, uninstallFetchStub } from '../testing/fetch-stub';
import { createApiClient } from './api-client';
import { chooseWorkspace, currentWorkspaceId, setSignedInUser } from './workspace';

afterEach(() => {
  uninstallFetchStub();
  setSignedInUser(null);
});

describe('the workspace requests act in', () => {
  const api = createApiClient();

  it('is the personal one (no header) until another is chosen, then named in every request', async () => {
    const stub = installFetchStub().on('GET /api/qrcodes', ok([]));
    setSignedInUser('alice');
    await api.get('/api/qrcodes');
    chooseWorkspace('team-1');
    await api.get('/api/qrcodes');
    expect(stub.requests.map((request) => request.headers['x-workspace'])).toEqual([undefined, 'team-1']);
  });

  it("never uses another account's choice, and goes back to the personal one on request", async () => {
    const stub = installFetchStub().on('GET /api/qrcodes', ok([]));
    setSignedInUser('alice');
    chooseWorkspace('team-1');
    setSignedInUser('bob');
    expect(currentWorkspaceId()).toBeNull();
    await api.get('/api/qrcodes');
    // Alice signs in again: her last workspace is remembered.
    setSignedInUser('alice');
    expect(currentWorkspaceId()).toBe('team-1');
    chooseWorkspace(null);
    await api.get('/api/qrcodes');
    expect(stub.requests.map((request) => request.headers['x-workspace'])).toEqual([undefined, undefined]);
  });
});
