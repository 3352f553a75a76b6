import { CodesService } from '../../../apps/qr-service/src/codes/codes.service';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { api, createApiKey } from './public-api-fixtures';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

const HOUR = 3_600_000;

interface CodeAnswer {
  id: string;
  name: string;
  state: string;
  effectiveState: string;
}

/**
 * A code before its start date answers scans with the "not live yet" page, one past its end date or
 * its scan limit with the expired page: the owner's answers say so (effectiveState) and the state
 * filter finds it, in the web's and the public API's lists.
 */
describe('effective state: what a scan meets, in the owner\'s answers and filters', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let alice: Customer;
  let key: string;
  const codes: Record<'plain' | 'limited' | 'ending' | 'paused' | 'starting', { id: string; slug: string }> = {} as never;
  let end = 0;
  let start = 0;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
    door = await startFrontDoor(system);
    alice = await subscribedCustomer(system);
    key = (await createApiKey(alice.client, { scope: 'read' })).key;
    end = Date.now() + HOUR;
    start = Date.now() + HOUR / 2;
    codes.plain = await createCode(alice.client, { name: 'Plain', destinationUrl: 'https://example.com/plain' });
    codes.limited = await createCode(alice.client, { name: 'Limited', destinationUrl: 'https://example.com/limited', campaign: { scanLimit: 2 } } as never, { buySeat: true });
    codes.ending = await createCode(alice.client, { name: 'Ending', destinationUrl: 'https://example.com/ending', campaign: { expiresAt: new Date(end).toISOString() } } as never, {
      buySeat: true,
    });
    codes.paused = await createCode(alice.client, { name: 'Paused', destinationUrl: 'https://example.com/paused', campaign: { scanLimit: 1 } } as never, { buySeat: true });
    expect((await alice.client.post(`/api/qrcodes/${codes.paused.id}/deactivate`)).status).toBe(200);
    codes.starting = await createCode(
      alice.client,
      { name: 'Starting', destinationUrl: 'https://example.com/starting', campaign: { startsAt: new Date(start).toISOString(), scanLimit: 5 } } as never,
      { buySeat: true },
    );
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  const setQrClock = (at: number | null) => {
    system.apps.get('qr')!.get(CodesService).now = at === null ? Date.now : () => at;
  };
  const statesOf = (items: CodeAnswer[]) => Object.fromEntries(items.map((c) => [c.name, c.effectiveState]));
  const names = (items: CodeAnswer[]) => items.map((c) => c.name).sort();

  it('says scan_limit_reached once the limit is used up, as the redirect does (410)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await scan(door.baseUrl, codes.limited.slug)).status);
    expect(statuses).toEqual([302, 302, 410]);

    const detail = await alice.client.get(`/api/qrcodes/${codes.limited.id}`);
    expect(detail.json).toMatchObject({ state: 'active', effectiveState: 'scan_limit_reached', remainingScans: 0 });
    const list = await alice.client.get('/api/qrcodes?limit=50');
    expect(statesOf(list.json.items)).toEqual({ Plain: 'active', Limited: 'scan_limit_reached', Ending: 'active', Paused: 'deactivated', Starting: 'scheduled' });
  });

  it('says scheduled before the start date, where scans meet the "not live yet" page and are not counted', async () => {
    const answer = await fetch(`${door.baseUrl}/r/${codes.starting.slug}`, { redirect: 'manual' });
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('This QR code is not live yet');
    const detail = await alice.client.get(`/api/qrcodes/${codes.starting.id}`);
    // Not counted: neither a scan nor one taken from the limit.
    expect(detail.json).toMatchObject({ state: 'active', effectiveState: 'scheduled', remainingScans: 5 });
    expect(names((await alice.client.get('/api/qrcodes?state=scheduled')).json.items)).toEqual(['Starting']);
    const v1 = await api(door, key, 'GET', '/api/v1/codes?state=scheduled');
    expect(v1.status).toBe(200);
    expect(v1.json.items.map((c: CodeAnswer) => [c.name, c.effectiveState])).toEqual([['Starting', 'scheduled']]);
  });

  it('redirects from the start on', async () => {
    const soon = await createCode(
      alice.client,
      { name: 'Soon', destinationUrl: 'https://example.com/soon', campaign: { startsAt: new Date(Date.now() + 3_000).toISOString() } } as never,
      { buySeat: true },
    );
    try {
      expect((await scan(door.baseUrl, soon.slug)).status).toBe(403);
      const deadline = Date.now() + 15_000;
      let status = 403;
      while (status === 403 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        status = (await scan(door.baseUrl, soon.slug)).status;
      }
      expect(status).toBe(302);
      expect((await alice.client.get(`/api/qrcodes/${soon.id}`)).json.effectiveState).toBe('active');
    } finally {
      expect((await alice.client.delete(`/api/qrcodes/${soon.id}`)).status).toBe(204);
    }
  });

  it('says expired from the end date on, and filters by effective state on the server', async () => {
    setQrClock(end);
    try {
      const list = await alice.client.get('/api/qrcodes?limit=50');
      expect(statesOf(list.json.items)).toEqual({ Plain: 'active', Limited: 'scan_limit_reached', Ending: 'expired', Paused: 'deactivated', Starting: 'active' });
      expect((await alice.client.get(`/api/qrcodes/${codes.ending.id}`)).json.effectiveState).toBe('expired');
      // The plain list (no page parameters) says it too.
      expect(statesOf((await alice.client.get('/api/qrcodes')).json)).toMatchObject({ Limited: 'scan_limit_reached', Ending: 'expired' });

      const filtered = async (state: string) => {
        const page = await alice.client.get(`/api/qrcodes?state=${state}`);
        expect(page.status).toBe(200);
        expect(page.json.total).toBe(page.json.items.length);
        return names(page.json.items);
      };
      expect(await filtered('active')).toEqual(['Plain', 'Starting']);
      expect(await filtered('scheduled')).toEqual([]);
      expect(await filtered('expired')).toEqual(['Ending']);
      expect(await filtered('scan_limit_reached')).toEqual(['Limited']);
      expect(await filtered('inactive')).toEqual(['Paused']);

      const v1 = await api(door, key, 'GET', '/api/v1/codes?state=scan_limit_reached');
      expect(v1.status).toBe(200);
      expect(v1.json.items.map((c: CodeAnswer) => [c.name, c.effectiveState])).toEqual([['Limited', 'scan_limit_reached']]);
      const v1Expired = await api(door, key, 'GET', '/api/v1/codes?state=expired');
      expect(v1Expired.json.items.map((c: CodeAnswer) => c.name)).toEqual(['Ending']);
    } finally {
      setQrClock(null);
    }
  });

  it('answers 400 naming the states for an unknown one', async () => {
    const res = await alice.client.get('/api/qrcodes?state=gone');
    expect(res.status).toBe(400);
    expect(res.text).toContain('The state must be one of active, inactive, scheduled, expired, scan_limit_reached');
  });
});
