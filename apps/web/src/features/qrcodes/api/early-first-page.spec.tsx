import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aCode } from '../../../testing/fixtures';
import { installFetchStub, ok } from '../../../testing/fetch-stub';
import { getUser } from '../../../lib/auth';
import { DEFAULT_FILTERS } from '../lib/code-list';
import { getCodePage } from './qr-codes';

const EARLY_SCRIPT = readFileSync(join(__dirname, '../../../../public/early-data.js'), 'utf8');

/** What index.html's early-data.js asks for, and the app taking those answers instead of asking again. */
describe('the dashboard first page asked for by index.html', () => {
  afterEach(() => delete window.__earlyData);

  it('asks for the very addresses the app asks for on /dashboard', async () => {
    const server = installFetchStub()
      .on('GET /api/qrcodes', ok({ items: [], nextCursor: null, total: 0 }))
      .on('GET /api/auth/user', ok(null as never));
    await getCodePage(DEFAULT_FILTERS, null);
    await getUser();
    const asked = server.requests.map((request) => `${request.path}${request.query.size ? `?${request.query}` : ''}`);
    expect(asked).toEqual(['/api/qrcodes?limit=24&sort=created&order=desc', '/api/auth/user']);
    for (const path of asked) expect(EARLY_SCRIPT).toContain(`'${path}'`);
  });

  it("takes the early answer once, then asks the server; an old one is not used", async () => {
    const early = { items: [aCode({ name: 'Early' })], nextCursor: null, total: 1 };
    const path = '/api/qrcodes?limit=24&sort=created&order=desc';
    const response = {
      ok: true,
      status: 200,
      statusText: '',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(early),
    } as unknown as Response;
    window.__earlyData = { startedAt: Date.now(), responses: { [path]: Promise.resolve(response) } };
    const server = installFetchStub().on('GET /api/qrcodes', ok({ items: [], nextCursor: null, total: 0 }));

    expect((await getCodePage(DEFAULT_FILTERS, null)).items[0].name).toBe('Early');
    expect(server.requests).toHaveLength(0);
    expect((await getCodePage(DEFAULT_FILTERS, null)).total).toBe(0);
    expect(server.requests).toHaveLength(1);

    window.__earlyData = { startedAt: Date.now() - 60_000, responses: { [path]: Promise.resolve(response) } };
    expect((await getCodePage(DEFAULT_FILTERS, null)).total).toBe(0);
    expect(server.requests).toHaveLength(2);
  });
});
