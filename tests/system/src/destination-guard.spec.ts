import { QR_MESSAGES, WEBHOOK_MESSAGES } from '@qrd/contracts';
import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { Customer, subscribedCustomer } from './qr-fixtures';

/** Names of this machine and addresses no scanner or webhook may be sent to, in the spellings people type. */
const LOCAL_DESTINATIONS = [
  'http://localhost/menu',
  'http://localhost.localdomain/menu',
  'http://LOCALHOST.LOCALDOMAIN./menu',
  'http://ip6-localhost/menu',
  'http://224.0.0.1/menu',
  'http://239.255.255.250:1900/menu',
  'http://[ff02::1]/menu',
  'http://[ff0e::fb]/menu',
  'http://255.255.255.255/menu',
  'http://0.0.0.1/menu',
  'http://240.0.0.1/menu',
];

describe('code destinations and webhook URLs on local, multicast and reserved addresses, through nginx', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let key: string;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'redirect', 'gateway'] });
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    key = (await createApiKey(owner.client, { scope: 'write' })).key;
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  it('refuses each as a code destination, on create and on update, saying it is a private or local address', async () => {
    const code = await api(door, key, 'POST', '/api/v1/codes', { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    expect(code.status).toBe(201);
    const answers: Record<string, [number, string, number, string]> = {};
    for (const destinationUrl of LOCAL_DESTINATIONS) {
      const created = await api(door, key, 'POST', '/api/v1/codes', { name: 'Local', destinationUrl });
      const updated = await api(door, key, 'PATCH', `/api/v1/codes/${code.json.id}`, { destinationUrl });
      answers[destinationUrl] = [created.status, created.json?.errors?.destinationUrl, updated.status, updated.json?.errors?.destinationUrl];
    }
    const refused = [400, QR_MESSAGES.urlPrivateNetwork, 400, QR_MESSAGES.urlPrivateNetwork];
    expect(answers).toEqual(Object.fromEntries(LOCAL_DESTINATIONS.map((url) => [url, refused])));
    const rows = await sql<{ destination: string }>(system, 'SELECT destination FROM qr.codes WHERE owner_id = $1', [owner.user.id]);
    expect(rows).toEqual([{ destination: 'https://example.com/menu' }]);
  });

  it('refuses each as a webhook URL, on create and on update, with a reason about webhooks', async () => {
    const endpoint = await api(door, key, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/qr', events: ['code.created'] });
    expect(endpoint.status).toBe(201);
    const answers: Record<string, [number, string, number, string]> = {};
    for (const url of LOCAL_DESTINATIONS) {
      const created = await api(door, key, 'POST', '/api/v1/webhooks', { url, events: ['code.created'] });
      const updated = await api(door, key, 'PATCH', `/api/v1/webhooks/${endpoint.json.id}`, { url });
      answers[url] = [created.status, created.json?.errors?.url, updated.status, updated.json?.errors?.url];
    }
    const refused = [400, WEBHOOK_MESSAGES.privateNetwork, 400, WEBHOOK_MESSAGES.privateNetwork];
    expect(answers).toEqual(Object.fromEntries(LOCAL_DESTINATIONS.map((url) => [url, refused])));
    expect(WEBHOOK_MESSAGES.privateNetwork).not.toMatch(/scanner/i);
    const list = await api(door, key, 'GET', '/api/v1/webhooks');
    expect(list.json.map((e: { url: string }) => e.url)).toEqual(['https://hooks.example.com/qr']);
  });

  it('still takes ordinary public addresses', async () => {
    expect((await owner.client.post('/api/purchase-qr-code', { name: 'Public', price: 3.49 })).status).toBe(200);
    const code = await api(door, key, 'POST', '/api/v1/codes', { name: 'Public', destinationUrl: 'http://93.184.215.14/menu' });
    expect(code.status).toBe(201);
    const endpoint = await api(door, key, 'POST', '/api/v1/webhooks', { url: 'https://[2606:4700::1111]/hook', events: ['code.created'] });
    expect(endpoint.status).toBe(201);
  });
});
