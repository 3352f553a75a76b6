import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { createCode, Customer, scan, scansIngested, subscribedCustomer } from './qr-fixtures';

interface Item {
  type: 'change' | 'scans';
  id: string;
  codeId: string;
  codeName: string;
  kind?: string;
  scans?: number;
  from?: string;
  to?: string;
  at: string;
}

const BOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/**
 * Recent Activity (spec: scans, edits and creations): the changes of the owner's codes and their
 * human scans, one item per code and hour, written by the scan ingestor with each batch.
 */
describe('Recent Activity: scans grouped per code and hour, among the changes', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let alice: Customer;

  beforeAll(async () => {
    system = await TestSystem.start();
    door = await startFrontDoor(system);
    alice = await subscribedCustomer(system);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  async function activity(query = ''): Promise<{ items: Item[]; nextCursor: string | null }> {
    const res = await alice.client.get(`/api/activity${query}`);
    expect(res.status).toBe(200);
    return res.json;
  }

  it('counts the human scans of each code in the hour as one item, newest first with the changes', async () => {
    const menu = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const flyer = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    for (let i = 0; i < 12; i++) expect((await scan(door.baseUrl, menu.slug)).status).toBe(302);
    expect((await scan(door.baseUrl, menu.slug, { headers: { 'user-agent': BOT } })).status).toBe(302);
    await scansIngested(system);
    expect((await alice.client.patch(`/api/qrcodes/${flyer.id}`, { destinationUrl: 'https://example.com/flyer-2' })).status).toBe(200);
    expect((await scan(door.baseUrl, flyer.slug)).status).toBe(302);
    await scansIngested(system);

    const { items } = await activity();
    expect(items.map((item) => (item.type === 'scans' ? `${item.scans} scans of ${item.codeName}` : `${item.kind} ${item.codeName}`))).toEqual([
      '1 scans of Flyer',
      'destination Flyer',
      '12 scans of Menu',
      'created Flyer',
      'created Menu',
    ]);
    const group = items[2];
    const hour = new Date(group.from!);
    expect(hour.getUTCMinutes()).toBe(0);
    expect(Date.parse(group.to!) - hour.getTime()).toBe(3_600_000);
    expect(Date.parse(group.at)).toBeGreaterThanOrEqual(hour.getTime());

    const onlyScans = await activity('?kind=scans');
    expect(onlyScans.items.map((item) => [item.type, item.codeName, item.scans])).toEqual([
      ['scans', 'Flyer', 1],
      ['scans', 'Menu', 12],
    ]);
    const menuOnly = await activity(`?codeId=${menu.id}`);
    expect(menuOnly.items.map((item) => item.type)).toEqual(['scans', 'change']);
  });

  it('pages through changes and scans with one cursor, each item once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: Item[]; nextCursor: string | null } = await activity(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((item) => `${item.type}:${item.id}`));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    const all = (await activity()).items.map((item) => `${item.type}:${item.id}`);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
  });

  it("keeps a busy code's scans to one row per hour, and forgets a deleted code's scans with its figures", async () => {
    const rows = await sql(system, `SELECT scans FROM qr.scan_activity WHERE owner_id = $1 ORDER BY scans`, [alice.user.id]);
    expect(rows).toEqual([{ scans: 1 }, { scans: 12 }]);
    const menu = (await activity('?kind=scans')).items.find((item) => item.codeName === 'Menu')!;
    expect((await alice.client.delete(`/api/qrcodes/${menu.codeId}`)).status).toBeLessThan(300);
    const after = await activity('?kind=scans');
    expect(after.items.map((item) => item.codeName)).toEqual(['Flyer']);
  });
});
