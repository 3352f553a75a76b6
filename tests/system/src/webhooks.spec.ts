import { Webhook } from 'standardwebhooks';
import { decodeQuotedPrintable, SmtpSink, TestHttpClient, waitFor } from '@qrd/testing';
import { QrPattern } from '@qrd/contracts';
import { newUser, signIn, sql } from './accounts-fixtures';
import { serviceBus } from './billing-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { settled } from './settled';
import { api, createApiKey } from './public-api-fixtures';
import { CARD_OK, Customer, scan, subscribedCustomer } from './qr-fixtures';
import { Received, WebhookReceiver } from './webhook-receiver';

const ALL_EVENTS = ['code.created', 'code.updated', 'code.deleted', 'scan.created', 'subscription.updated'];

interface Message {
  id: string;
  type: string;
  data: Record<string, unknown>;
  received: Received;
}

/** Verifies a request as a customer's receiver would, with the Standard Webhooks library: throws on a bad signature. */
function verified(received: Received, secret: string): Message {
  const body = new Webhook(secret).verify(received.body, received.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
  return { id: String(received.headers['webhook-id']), type: body.type, data: body.data, received };
}

async function subscribe(client: TestHttpClient): Promise<void> {
  const setup = await client.post('/api/get-or-create-subscription?interval=monthly');
  const paid = await client.post('/api/test-payments/confirm', { clientSecret: setup.json.clientSecret, ...CARD_OK });
  if (paid.json?.status !== 'succeeded') throw new Error(`payment answered ${paid.status}: ${paid.text}`);
  await waitFor(async () => expect((await client.get('/api/subscription')).json?.status).toBe('active'));
}

describe('outbound webhooks to a receiver on this machine (ALLOW_PRIVATE_DESTINATIONS=true)', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let sink: SmtpSink;
  const receiver = new WebhookReceiver();
  let owner: Customer;
  let key: string;
  let first: { id: string; secret: string };

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    await receiver.start();
    system = await TestSystem.start({
      env: {
        SMTP_URL: sink.url,
        ALLOW_PRIVATE_DESTINATIONS: 'true',
        // Retries after 0.3, 0.6 and 1.2 s instead of 11 s doubling over a day.
        WEBHOOK_BACKOFF_BASE_MS: '300',
        WEBHOOK_ATTEMPTS: '4',
        WEBHOOK_SCAN_BATCH_MS: '500',
        WEBHOOK_DISABLE_AFTER_FAILURES: '2',
        RATE_LIMIT_API_KEY_PER_MINUTE: '5000',
      },
    });
    door = await startFrontDoor(system);
    // The first endpoint is registered before the owner subscribes, so it hears of the subscription.
    const user = await newUser(system);
    owner = { user, client: await signIn(system, user) };
    key = (await createApiKey(owner.client, { scope: 'write' })).key;
    first = await register('/all', ALL_EVENTS);
    await subscribe(owner.client);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
    await receiver.stop();
    await sink.stop();
  });

  async function register(path: string, events: string[]): Promise<{ id: string; secret: string }> {
    const res = await api(door, key, 'POST', '/api/v1/webhooks', { url: receiver.url(path), events });
    expect(res.status).toBe(201);
    return res.json;
  }

  async function updateCode(codeId: string, name: string): Promise<void> {
    const res = await api(door, key, 'PATCH', `/api/v1/codes/${codeId}`, { name });
    expect(res.status).toBe(200);
  }

  async function newCode(name: string): Promise<{ id: string; slug: string }> {
    expect((await owner.client.post('/api/purchase-qr-code', { name })).status).toBe(200);
    const res = await api(door, key, 'POST', '/api/v1/codes', { name, destinationUrl: 'https://example.com/menu' });
    expect(res.status).toBe(201);
    return res.json;
  }

  it('sends each event, signed so the standardwebhooks library verifies it, and logs every delivery', async () => {
    const endpoint = first;
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    // The secret is sealed at rest.
    const [row] = await sql<{ secret_sealed: string }>(system, 'SELECT secret_sealed FROM qr.webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(row.secret_sealed).not.toContain(endpoint.secret.slice(6));

    const code = await newCode('Webhook menu');
    await updateCode(code.id, 'Webhook menu 2');
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
    const scanned = () => receiver.on('/all').map((r) => verified(r, endpoint.secret)).filter((m) => m.type === 'scan.created');
    await waitFor(() => expect(scanned().flatMap((m) => m.data.scans as unknown[])).toHaveLength(2), 20_000);
    expect((await api(door, key, 'DELETE', `/api/v1/codes/${code.id}`)).status).toBe(204);

    await waitFor(() => expect(new Set(receiver.on('/all').map((r) => verified(r, endpoint.secret).type))).toEqual(new Set(ALL_EVENTS)), 15_000);
    const messages = receiver.on('/all').map((r) => verified(r, endpoint.secret));
    expect(messages.find((m) => m.type === 'code.created')?.data).toMatchObject({ id: code.id, name: 'Webhook menu' });
    expect(messages.find((m) => m.type === 'code.updated')?.data).toMatchObject({ id: code.id, name: 'Webhook menu 2' });
    expect(messages.find((m) => m.type === 'code.deleted')?.data).toEqual({ id: code.id, slug: code.slug });
    expect(messages.filter((m) => m.type === 'subscription.updated').map((m) => m.data)).toContainEqual({ status: 'active', seats: 1, redirectsEnabled: true });
    // Batched: the two scans came in at most two events, each scan with its code and no address.
    expect(scanned().length).toBeLessThanOrEqual(2);
    for (const s of scanned().flatMap((m) => m.data.scans as Record<string, unknown>[])) {
      expect(s).toMatchObject({ codeId: code.id, isBot: false });
      expect(JSON.stringify(s)).not.toMatch(/127\.0\.0\.1|visitor/i);
    }
    // A tampered body or another secret fails verification.
    const sample = receiver.on('/all')[0];
    expect(() => verified({ ...sample, body: sample.body.replace('}', ',"x":1}') }, endpoint.secret)).toThrow();
    expect(() => verified(sample, 'whsec_' + Buffer.from('another secret of 24 byte').toString('base64'))).toThrow();

    const log = await owner.client.get(`/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.status).toBe(200);
    expect(log.json.length).toBeGreaterThanOrEqual(5);
    expect(log.json[0]).toMatchObject({ outcome: 'succeeded', statusCode: 200, attempt: 1, responseExcerpt: 'thanks', error: null });
    expect(typeof log.json[0].latencyMs).toBe('number');

    // A resend carries the same webhook-id.
    const before = receiver.on('/all').length;
    expect((await owner.client.post(`/api/webhooks/${endpoint.id}/deliveries/${log.json[0].id}/resend`, {})).status).toBe(202);
    await waitFor(() => expect(receiver.on('/all').length).toBe(before + 1));
    expect(receiver.on('/all')[before].headers['webhook-id']).toBe(log.json[0].eventId);
    expect((await api(door, key, 'DELETE', `/api/v1/webhooks/${endpoint.id}`)).status).toBe(204);
  }, 60_000);

  it('retries a receiver that answers 500, with growing gaps, until it answers 200', async () => {
    const endpoint = await register('/flaky', ['code.updated']);
    receiver.answer('/flaky', 500, 500, 500);
    const code = await newCode('Flaky');
    await updateCode(code.id, 'Flaky 2');
    await waitFor(() => expect(receiver.on('/flaky')).toHaveLength(4), 15_000);
    const tries = receiver.on('/flaky').map((r) => verified(r, endpoint.secret));
    expect(new Set(tries.map((t) => t.id)).size).toBe(1);
    const gaps = tries.slice(1).map((t, i) => t.received.at - tries[i].received.at);
    // Each wait is at least the exponential backoff's (WEBHOOK_BACKOFF_BASE_MS 300: 300, 600, 1200 ms,
    // less a tenth for the clocks); a busy machine can only make one longer, so the ratio of two
    // observed gaps says little, the growing lower bounds say it.
    gaps.forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(300 * 2 ** i * 0.9));
    const log = await api(door, key, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`);
    await waitFor(async () => expect((await api(door, key, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).json).toHaveLength(4));
    expect(log.status).toBe(200);
    const attempts = (await api(door, key, 'GET', `/api/v1/webhooks/${endpoint.id}/deliveries`)).json.reverse();
    expect(attempts.map((a: { attempt: number; outcome: string; statusCode: number }) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'failed', 500],
      [4, 'succeeded', 200],
    ]);
    expect(attempts[0].responseExcerpt).toBe('receiver is down (500)');
  }, 30_000);

  it('sends nothing more to an endpoint its owner disabled', async () => {
    const disabled = await register('/off', ['code.updated']);
    const witness = await register('/witness', ['code.updated']);
    const off = await owner.client.patch(`/api/webhooks/${disabled.id}`, { enabled: false });
    expect(off.json).toMatchObject({ enabled: false, disabledReason: 'manual' });
    const code = await newCode('Quiet');
    await updateCode(code.id, 'Quiet 2');
    await waitFor(() => expect(receiver.on('/witness')).toHaveLength(1), 10_000);
    await settled(system);
    expect(receiver.on('/off')).toHaveLength(0);
    expect(verified(receiver.on('/witness')[0], witness.secret).type).toBe('code.updated');
  }, 30_000);

  it('disables an endpoint after events in a row used up their retries, mails the owner, and sends nothing more', async () => {
    const endpoint = await register('/down', ['code.updated']);
    receiver.always('/down', 500);
    const code = await newCode('Down');
    await updateCode(code.id, 'Down 2');
    await updateCode(code.id, 'Down 3');
    await waitFor(async () => {
      const list = (await owner.client.get('/api/webhooks')).json as { id: string; enabled: boolean; disabledReason: string }[];
      expect(list.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabledReason: 'failures' });
    }, 20_000);
    expect(receiver.on('/down')).toHaveLength(8);
    const mail = await waitFor(() => {
      const found = sink.mailsTo(owner.user.email).map((m) => decodeQuotedPrintable(m.raw)).find((raw) => /webhook endpoint .* disabled/.test(raw));
      if (!found) throw new Error('no mail yet');
      return found;
    }, 15_000);
    expect(mail).toContain(receiver.url('/down'));

    await updateCode(code.id, 'Down 4');
    await settled(system);
    expect(receiver.on('/down')).toHaveLength(8);
    // Enabled again from the account, it receives the next event.
    receiver.always('/down', 200);
    expect((await owner.client.patch(`/api/webhooks/${endpoint.id}`, { enabled: true })).json).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    await updateCode(code.id, 'Down 5');
    await waitFor(() => expect(receiver.on('/down')).toHaveLength(9), 10_000);
  }, 60_000);

  it("answers 404 for another account's endpoint and 400 with a message for bad input", async () => {
    const endpoint = await register('/mine', ['code.created']);
    const other = await subscribedCustomer(system);
    expect((await other.client.get(`/api/webhooks/${endpoint.id}/deliveries`)).status).toBe(404);
    expect((await other.client.delete(`/api/webhooks/${endpoint.id}`)).status).toBe(404);
    const bad = await owner.client.post('/api/webhooks', { url: receiver.url('/x'), events: ['code.exploded'] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/Choose at least one event/);
    const ftp = await owner.client.post('/api/webhooks', { url: 'ftp://example.com/x', events: ['code.created'] });
    expect(ftp.status).toBe(400);
  });

  it('delivers nothing to a suspended owner\'s endpoints (logged "Owner suspended") until the owner is reactivated', async () => {
    const user = await newUser(system);
    const client = await signIn(system, user);
    await subscribe(client);
    const ownKey = (await createApiKey(client, { scope: 'write' })).key;
    const endpoint = (await api(door, ownKey, 'POST', '/api/v1/webhooks', { url: receiver.url('/suspended'), events: ['code.updated'] })).json as { id: string; secret: string };
    const code = (await api(door, ownKey, 'POST', '/api/v1/codes', { name: 'Held', destinationUrl: 'https://example.com/held' })).json as { id: string };
    const admin = await signIn(system, await newUser(system, { role: 'admin' }));
    const setStatus = async (status: 'suspended' | 'active') => {
      expect((await admin.post(`/api/admin/users/${user.id}/status`, { status })).status).toBe(200);
      await waitFor(async () => {
        const [flags] = await sql<{ suspended: boolean }>(system, 'SELECT suspended_account AS suspended FROM qr.owners WHERE user_id = $1', [user.id]);
        expect(flags?.suspended).toBe(status === 'suspended');
      });
    };
    const deliveries = () =>
      sql<{ outcome: string; error: string | null }>(system, 'SELECT outcome, error FROM qr.webhook_deliveries WHERE endpoint_id = $1 ORDER BY id', [endpoint.id]);
    // A change the qr-service still carries out for the owner (a request already on its queue when the suspension came).
    const bus = serviceBus(system);
    const rename = (name: string) => bus.request(QrPattern.UpdateCode, { userId: user.id, codeId: code.id, name });
    try {
      await setStatus('suspended');
      await rename('Held 2');
      await waitFor(async () => expect(await deliveries()).toEqual([{ outcome: 'refused', error: 'Owner suspended' }]), 10_000);
      await settled(system);
      expect(receiver.on('/suspended')).toHaveLength(0);
      expect(await deliveries()).toHaveLength(1);

      await setStatus('active');
      await rename('Held 3');
      await waitFor(() => expect(receiver.on('/suspended')).toHaveLength(1), 10_000);
      expect(verified(receiver.on('/suspended')[0], endpoint.secret).data).toMatchObject({ id: code.id, name: 'Held 3' });
    } finally {
      await bus.close();
    }
  }, 60_000);
});

describe('webhook destinations under the default policy (no private addresses)', () => {
  let system: TestSystem;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    await receiver.start();
    system = await TestSystem.start({ services: ['auth', 'qr', 'gateway'], env: { WEBHOOK_ATTEMPTS: '1' } });
  }, 60_000);
  afterAll(async () => {
    await system?.stop();
    await receiver.stop();
  });

  it('refuses a loopback URL with a clear 400, and refuses at send time a name that resolves to a loopback address', async () => {
    const client = await signIn(system, await newUser(system));
    const loopback = await client.post('/api/webhooks', { url: receiver.url('/hook'), events: ['code.created'] });
    expect(loopback.status).toBe(400);
    expect(loopback.json.message).toMatch(/private or local network address/);

    // Registered for a public name that later resolves to this machine (DNS rebinding): "localhost" stands for it here.
    const created = await client.post('/api/webhooks', { url: 'https://hooks.example.com/qr', events: ['code.created'] });
    expect(created.status).toBe(201);
    await sql(system, 'UPDATE qr.webhook_endpoints SET url = $2 WHERE id = $1', [created.json.id, `http://localhost:${receiver.port}/rebound`]);
    expect((await client.post(`/api/webhooks/${created.json.id}/test`, {})).status).toBe(202);
    const log = await waitFor(async () => {
      const res = await client.get(`/api/webhooks/${created.json.id}/deliveries`);
      if (res.json.length === 0) throw new Error('no delivery logged yet');
      return res.json;
    });
    expect(log[0]).toMatchObject({ eventType: 'webhook.test', outcome: 'refused', statusCode: null });
    expect(log[0].error).toMatch(/localhost resolves to a private or local address \(.*127\.0\.0\.1/);
    expect(receiver.received).toHaveLength(0);
  });
});
