import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, UNIQUE_WINDOW_MESSAGE, type CodeAnalytics, type QrCodeView, type ScanStreamEntry } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { createCode, Customer, scan, storedScans, subscribedCustomer } from './qr-fixtures';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DAY = 24 * 3600 * 1000;

describe("a code's unique-visitor window (one per hour or one per day)", () => {
  let system: TestSystem;
  let door: FrontDoor;
  let alice: Customer;
  let key: string;
  let hourly: QrCodeView;
  let daily: QrCodeView;
  /** Yesterday (UTC): the day the visitor's scans are of. */
  const day = new Date(Math.floor(Date.now() / DAY) * DAY - DAY).toISOString().slice(0, 10);

  beforeAll(async () => {
    system = await TestSystem.start();
    door = await startFrontDoor(system);
    alice = await subscribedCustomer(system);
    key = (await createApiKey(alice.client, { scope: 'write' })).key;
    hourly = (await createCode(alice.client, { name: 'Hourly', destinationUrl: 'https://example.com/hourly' })) as unknown as QrCodeView;
    daily = (await createCode(alice.client, { name: 'Daily', destinationUrl: 'https://example.com/daily' }, { buySeat: true })) as unknown as QrCodeView;
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  /** The code's analytics of yesterday and today (UTC), through nginx. */
  const analyticsOf = async (codeId: string): Promise<CodeAnalytics> => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await alice.client.get(`/api/qrcodes/${codeId}/analytics?from=${day}&to=${today}&tz=UTC`);
    expect(res.status).toBe(200);
    return res.json as unknown as CodeAnalytics;
  };

  /**
   * One visitor (one address, one phone) scanning the code at these times (UTC) yesterday,
   * appended to the scan stream exactly as the redirect-service appends scans (a test cannot wait
   * for the clock to move on an hour).
   */
  async function visitorScansAt(code: QrCodeView, times: string[]): Promise<void> {
    const before = (await storedScans(system, code.id)).length;
    const redis = new IORedis(system.config.redisUrl);
    const pipeline = redis.pipeline();
    for (const time of times) {
      const entry: ScanStreamEntry = {
        id: randomUUID(),
        codeId: code.id,
        slug: code.slug,
        ts: Date.parse(`${day}T${time}:00Z`),
        ip: '203.0.113.50',
        userAgent: PHONE,
        referer: '',
        acceptLanguage: 'en-GB',
        country: '',
        method: 'GET',
        purpose: '',
      };
      pipeline.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
    }
    await pipeline.exec();
    redis.disconnect();
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(before + times.length));
  }

  it('counts per day unless changed, and lets an editor count a code per hour', async () => {
    expect(hourly.uniqueWindow).toBe('day');
    const changed = await alice.client.patch(`/api/qrcodes/${hourly.id}`, { uniqueWindow: 'hour' });
    expect(changed.status).toBe(200);
    expect(changed.json.uniqueWindow).toBe('hour');
    expect((await api(door, key, 'GET', `/api/v1/codes/${hourly.id}`)).json.uniqueWindow).toBe('hour');
    expect((await api(door, key, 'GET', `/api/v1/codes/${daily.id}`)).json.uniqueWindow).toBe('day');
    const history = (await alice.client.get(`/api/qrcodes/${hourly.id}/history?limit=10`)).json.items as { kind: string; changes: unknown[] }[];
    expect(history[0]).toMatchObject({ kind: 'analytics', changes: [{ field: 'uniqueWindow', before: 'day', after: 'hour' }] });
  });

  it('refuses a window that is not hour or day with a 400 that says so, and changes nothing', async () => {
    const before = await sql<{ unique_window: string; updated_at: Date }>(system, 'SELECT unique_window, updated_at FROM qr.codes WHERE id = $1', [hourly.id]);
    for (const uniqueWindow of ['week', 'HOUR', null, 1]) {
      const web = await alice.client.patch(`/api/qrcodes/${hourly.id}`, { uniqueWindow });
      expect([web.status, web.json.message]).toEqual([400, UNIQUE_WINDOW_MESSAGE]);
      const program = await api(door, key, 'PATCH', `/api/v1/codes/${hourly.id}`, { uniqueWindow, name: 'Renamed' });
      expect([program.status, program.json.detail, program.json.errors]).toEqual([400, UNIQUE_WINDOW_MESSAGE, { uniqueWindow: UNIQUE_WINDOW_MESSAGE }]);
    }
    const after = await sql(system, 'SELECT unique_window, updated_at FROM qr.codes WHERE id = $1', [hourly.id]);
    expect(after).toEqual(before);
    expect((await alice.client.get(`/api/qrcodes/${hourly.id}`)).json).toMatchObject({ name: 'Hourly', uniqueWindow: 'hour' });
  });

  it('shows 3 scans and 2 unique visitors for a visitor scanning a per-hour code in two hours, and 1 for a per-day code', async () => {
    await visitorScansAt(hourly, ['10:05', '10:40', '11:20']);
    await visitorScansAt(daily, ['10:05', '10:40', '11:20']);

    await waitFor(async () => expect(await analyticsOf(hourly.id)).toMatchObject({ scans: 3, uniqueScans: 2, uniqueWindow: 'hour' }));
    await waitFor(async () => expect(await analyticsOf(daily.id)).toMatchObject({ scans: 3, uniqueScans: 1, uniqueWindow: 'day' }));
    // The chart's hours say the same: the visitor counted in each hour of theirs on the per-hour code.
    const series = (await analyticsOf(hourly.id)).series.filter((point) => point.scans > 0 || point.uniqueScans > 0);
    expect(series.map((point) => [point.bucket, point.scans, point.uniqueScans])).toEqual([
      [`${day}T10:00`, 2, 1],
      [`${day}T11:00`, 1, 1],
    ]);
    // The account's unique visitors stay one per visitor and day, over both codes.
    const account = await alice.client.get(`/api/analytics?from=${day}&to=${day}&tz=UTC`);
    expect(account.json).toMatchObject({ scans: 6, uniqueScans: 1 });
    // The public API says the same, window included.
    const viaApi = await api(door, key, 'GET', `/api/v1/codes/${hourly.id}/analytics?from=${day}&to=${day}&tz=UTC`);
    expect(viaApi.json).toMatchObject({ scans: 3, uniqueScans: 2, uniqueWindow: 'hour' });
  });

  it('counts by a changed window from then on, leaving what was counted before', async () => {
    expect((await alice.client.patch(`/api/qrcodes/${daily.id}`, { uniqueWindow: 'hour' })).json.uniqueWindow).toBe('hour');
    // Already counted once for the day; now once more for the hour it scans in, but only once in it.
    await visitorScansAt(daily, ['11:45', '11:50']);
    await waitFor(async () => expect(await analyticsOf(daily.id)).toMatchObject({ scans: 5, uniqueScans: 2, uniqueWindow: 'hour' }));
  });

  it('counts a scan through nginx by the window set for its code', async () => {
    expect((await scan(door.baseUrl, hourly.slug)).status).toBe(302);
    await waitFor(async () => expect(await analyticsOf(hourly.id)).toMatchObject({ scans: 4, uniqueScans: 3, uniqueWindow: 'hour' }));
  });

  it('takes the window when a code is created, through the dashboard and the public API, and refuses a bad one creating nothing', async () => {
    const count = async () => (await sql<{ n: number }>(system, 'SELECT count(*)::int AS n FROM qr.codes WHERE owner_id = $1', [alice.user.id]))[0].n;
    const before = await count();
    const web = await alice.client.post('/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/poster', uniqueWindow: 'week' });
    expect([web.status, web.json.message]).toEqual([400, UNIQUE_WINDOW_MESSAGE]);
    const program = await api(door, key, 'POST', '/api/v1/codes', { name: 'Poster', destinationUrl: 'https://example.com/poster', uniqueWindow: 'HOUR' });
    expect([program.status, program.json.errors]).toEqual([400, { uniqueWindow: UNIQUE_WINDOW_MESSAGE }]);
    expect(await count()).toBe(before);

    const made = (await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster', uniqueWindow: 'hour' }, { buySeat: true })) as unknown as QrCodeView;
    expect(made.uniqueWindow).toBe('hour');
    expect((await alice.client.post('/api/purchase-qr-code', { name: 'Flyer', price: 3.49 })).status).toBe(200);
    const viaApi = await api(door, key, 'POST', '/api/v1/codes', { name: 'Flyer', destinationUrl: 'https://example.com/flyer', uniqueWindow: 'hour' });
    expect([viaApi.status, viaApi.json.uniqueWindow]).toEqual([201, 'hour']);
    expect((await sql<{ unique_window: string }>(system, 'SELECT unique_window FROM qr.codes WHERE id = $1', [viaApi.json.id]))[0].unique_window).toBe('hour');
  });
});
