import { BULK_MAX_IDS, DESIGN_TEMPLATE_MESSAGES, ORGANISE_MESSAGES } from '@qrd/contracts';
import sharp from 'sharp';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';
import { settled } from './settled';
import { createCode, Customer, scan, subscribedCustomer } from './qr-fixtures';

type Code = { id: string; slug: string; [key: string]: unknown };

const NAVY = { foreground: '#0d47a1', background: '#fffde7', dotStyle: 'rounded', eyeStyle: 'circle', eyeColour: '#b71c1c' };

describe('bulk actions on a selection of codes: all or nothing, each change as a single one makes it', () => {
  let system: TestSystem;
  let alice: Customer;
  let bob: Customer;
  let codes: Code[];
  let bobCode: Code;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { PUBLIC_BASE_URL: 'http://qr.example.test:8080' } });
    alice = await subscribedCustomer(system);
    bob = await subscribedCustomer(system);
    codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(await createCode(alice.client, { name: `Flyer ${i}`, destinationUrl: `https://shop.example/${i}` }, { buySeat: i > 0 }));
    }
    bobCode = await createCode(bob.client, { name: 'Bob', destinationUrl: 'https://bob.example/' });
  }, 120_000);
  afterAll(() => system.stop());

  const ids = (list: Code[]) => list.map((code) => code.id);
  const state = async (code: Code) => (await alice.client.get(`/api/qrcodes/${code.id}`)).json;
  /** What the owner set (scan counters move on their own as scans are ingested). */
  const settings = async (code: Code) => {
    const { state: codeState, deactivatedByOwner, tags, folderId, updatedAt } = await state(code);
    return { codeState, deactivatedByOwner, tags, folderId, updatedAt };
  };

  it('deactivates several codes: each short link answers as a deactivated code does, and activates them again', async () => {
    const chosen = codes.slice(0, 3);

    const off = await alice.client.post('/api/qrcodes/bulk/deactivate', { ids: ids(chosen) });

    expect(off.status).toBe(200);
    expect(off.json).toEqual({ selected: 3, changed: 3 });
    for (const code of chosen) {
      expect(await state(code)).toMatchObject({ state: 'deactivated', deactivatedByOwner: true });
      expect((await scan(system.url('redirect'), code.slug)).status).toBe(410);
    }
    expect((await scan(system.url('redirect'), codes[3].slug)).status).toBe(302);
    const history = (await alice.client.get(`/api/qrcodes/${chosen[0].id}/history`)).json;
    expect(history.items[0]).toMatchObject({ kind: 'state', changes: [{ field: 'active', before: true, after: false }] });

    // Already-active codes among the selection are left as they are.
    const on = await alice.client.post('/api/qrcodes/bulk/activate', { ids: ids(codes.slice(0, 4)) });
    expect(on.json).toEqual({ selected: 4, changed: 3 });
    for (const code of chosen) expect((await scan(system.url('redirect'), code.slug)).status).toBe(302);
  });

  it('refuses ids that are not all the caller\'s live codes, and changes nothing', async () => {
    const before = await Promise.all(codes.map(settings));

    const mixed = await alice.client.post('/api/qrcodes/bulk/deactivate', { ids: [...ids(codes.slice(0, 2)), bobCode.id] });
    expect(mixed.status).toBe(404);
    expect(mixed.json.message).toBe(ORGANISE_MESSAGES.bulkNotFound);
    const unknown = await alice.client.post('/api/qrcodes/bulk/delete', { ids: [codes[0].id, '00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(404);
    const tagged = await alice.client.post('/api/qrcodes/bulk/tag', { ids: [codes[0].id, bobCode.id], tag: 'x', operation: 'add' });
    expect(tagged.status).toBe(404);

    expect(await Promise.all(codes.map(settings))).toEqual(before);
    expect((await bob.client.get(`/api/qrcodes/${bobCode.id}`)).json).toMatchObject({ state: 'active', tags: [] });
    expect((await scan(system.url('redirect'), codes[0].slug)).status).toBe(302);
  });

  it.each([
    ['no ids', { ids: [] }, ORGANISE_MESSAGES.bulkIds],
    ['ids that are not a list', { ids: 'all' }, ORGANISE_MESSAGES.bulkIds],
    ['a malformed id', { ids: ['nope'] }, ORGANISE_MESSAGES.bulkIdsInvalid],
    [`more than ${BULK_MAX_IDS} ids`, { ids: Array.from({ length: BULK_MAX_IDS + 1 }, () => crypto.randomUUID()) }, ORGANISE_MESSAGES.bulkIds],
  ])('answers 400 for %s', async (_case, body, message) => {
    const res = await alice.client.post('/api/qrcodes/bulk/deactivate', body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(message);
  });

  it('adds and removes a tag on several codes (normalised), recorded in each history', async () => {
    const add = await alice.client.post('/api/qrcodes/bulk/tag', { ids: ids(codes.slice(0, 3)), tag: '  Summer  Sale ', operation: 'add' });
    expect(add.json).toEqual({ selected: 3, changed: 3 });
    for (const code of codes.slice(0, 3)) expect((await state(code)).tags).toEqual(['summer sale']);
    const history = (await alice.client.get(`/api/qrcodes/${codes[1].id}/history`)).json;
    expect(history.items[0]).toMatchObject({ kind: 'tags', changes: [{ field: 'tags', before: [], after: ['summer sale'] }] });

    const listed = await alice.client.get('/api/qrcodes?tag=summer%20sale&limit=50');
    expect(listed.json.items.map((c: Code) => c.id).sort()).toEqual(ids(codes.slice(0, 3)).sort());

    const remove = await alice.client.post('/api/qrcodes/bulk/tag', { ids: ids(codes.slice(0, 2)), tag: 'SUMMER SALE', operation: 'remove' });
    expect(remove.json).toEqual({ selected: 2, changed: 2 });
    expect((await state(codes[0])).tags).toEqual([]);
    expect((await state(codes[2])).tags).toEqual(['summer sale']);

    const bad = await alice.client.post('/api/qrcodes/bulk/tag', { ids: ids(codes), tag: 'x'.repeat(33), operation: 'add' });
    expect(bad.status).toBe(400);
  });

  it('refuses to add a tag when a chosen code already has the most tags, changing nothing', async () => {
    const full = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect((await alice.client.patch(`/api/qrcodes/${codes[4].id}`, { tags: full })).status).toBe(200);

    const res = await alice.client.post('/api/qrcodes/bulk/tag', { ids: ids(codes.slice(3)), tag: 'one more', operation: 'add' });

    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/already have 20 tags/);
    expect((await state(codes[3])).tags).toEqual([]);
    expect((await alice.client.patch(`/api/qrcodes/${codes[4].id}`, { tags: [] })).json.tags).toEqual([]);
  });

  it('moves codes to a folder and out of it; another user\'s folder is not found', async () => {
    const folder = (await alice.client.post('/api/folders', { name: 'Spring campaign' })).json;
    const bobFolder = (await bob.client.post('/api/folders', { name: 'Bob only' })).json;

    const moved = await alice.client.post('/api/qrcodes/bulk/folder', { ids: ids(codes.slice(1, 4)), folderId: folder.id });
    expect(moved.json).toEqual({ selected: 3, changed: 3 });
    expect((await alice.client.get('/api/folders')).json).toEqual([expect.objectContaining({ id: folder.id, codes: 3 })]);
    expect((await alice.client.get(`/api/qrcodes/${codes[1].id}/history`)).json.items[0]).toMatchObject({ kind: 'folder' });

    const foreign = await alice.client.post('/api/qrcodes/bulk/folder', { ids: ids(codes.slice(0, 1)), folderId: bobFolder.id });
    expect(foreign.status).toBe(404);
    expect((await state(codes[0])).folderId).toBeNull();

    const out = await alice.client.post('/api/qrcodes/bulk/folder', { ids: ids(codes.slice(1, 2)), folderId: null });
    expect(out.json).toEqual({ selected: 1, changed: 1 });
    expect((await state(codes[1])).folderId).toBeNull();
    expect((await state(codes[2])).folderId).toBe(folder.id);
  });

  describe('applying a design template to a selection', () => {
    const cookie = () => [...alice.client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const etagOf = async (code: Code) =>
      (await fetch(`${system.url('gateway')}/api/qrcodes/${code.id}/download?format=png&size=256`, { headers: { cookie: cookie() } })).headers.get('etag');
    const designs = async (list: Code[]) => Promise.all(list.map(async (code) => (await state(code)).design));

    it('gives each chosen code the template\'s design, keeps a code\'s own logo, and records each change in its history', async () => {
      const template = (await alice.client.post('/api/design-templates', { name: 'Navy', design: NAVY })).json;
      const logo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#d81b60' } }).png().toBuffer();
      const withLogo = await fetch(`${system.url('gateway')}/api/qrcodes/${codes[2].id}/logo`, {
        method: 'POST',
        body: new Uint8Array(logo),
        headers: { 'content-type': 'image/png', origin: new URL(system.config.publicBaseUrl).origin, cookie: cookie() },
      });
      expect(withLogo.status).toBe(200);
      const chosen = codes.slice(2, 5);
      const etagBefore = await etagOf(codes[3]);
      const untouched = await designs([codes[0]]);

      const res = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: ids(chosen), templateId: template.id });

      expect(res.status).toBe(200);
      expect(res.json).toEqual({ selected: 3, changed: 3 });
      expect(await designs(chosen)).toEqual([
        expect.objectContaining({ ...NAVY, hasLogo: true }),
        expect.objectContaining({ ...NAVY, hasLogo: false }),
        expect.objectContaining({ ...NAVY, hasLogo: false }),
      ]);
      expect(await designs([codes[0]])).toEqual(untouched);
      expect(await etagOf(codes[3])).not.toBe(etagBefore);
      const history = (await alice.client.get(`/api/qrcodes/${codes[3].id}/history`)).json;
      expect(history.items[0]).toMatchObject({ kind: 'design', changes: expect.arrayContaining([{ field: 'foreground', before: '#000000', after: NAVY.foreground }]) });
      const logoHistory = (await alice.client.get(`/api/qrcodes/${codes[2].id}/history`)).json;
      expect(logoHistory.items[0].kind).toBe('design');

      // Applied again: nothing left to change, nothing recorded.
      const again = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: ids(chosen), templateId: template.id });
      expect(again.json).toEqual({ selected: 3, changed: 0 });
      expect((await alice.client.get(`/api/qrcodes/${codes[3].id}/history`)).json.items).toHaveLength(history.items.length);
    });

    it("refuses another user's template, an unknown or malformed one, and codes not all the caller's, changing nothing", async () => {
      const mine = (await alice.client.post('/api/design-templates', { name: 'Plain red', design: { foreground: '#b71c1c' } })).json;
      const bobs = (await bob.client.post('/api/design-templates', { name: 'Bob green', design: { foreground: '#1b5e20' } })).json;
      const before = await designs(codes.slice(0, 5));
      const bobBefore = (await bob.client.get(`/api/qrcodes/${bobCode.id}`)).json.design;

      const foreign = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: ids(codes.slice(0, 2)), templateId: bobs.id });
      const unknown = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: ids(codes.slice(0, 2)), templateId: '00000000-0000-4000-8000-000000000000' });
      const malformed = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: ids(codes.slice(0, 2)), templateId: 'navy' });
      const mixed = await alice.client.post('/api/qrcodes/bulk/design-template', { ids: [codes[0].id, bobCode.id], templateId: mine.id });
      const bobWithMine = await bob.client.post('/api/qrcodes/bulk/design-template', { ids: [bobCode.id], templateId: mine.id });

      expect([foreign.status, unknown.status, malformed.status, mixed.status, bobWithMine.status]).toEqual([400, 400, 400, 404, 400]);
      expect(foreign.json.fields.templateId).toBe(DESIGN_TEMPLATE_MESSAGES.notFound);
      expect(unknown.json.fields.templateId).toBe(DESIGN_TEMPLATE_MESSAGES.notFound);
      expect(JSON.stringify(malformed.json)).toContain(DESIGN_TEMPLATE_MESSAGES.templateId);
      expect(mixed.json.message).toBe(ORGANISE_MESSAGES.bulkNotFound);
      expect(await designs(codes.slice(0, 5))).toEqual(before);
      expect((await bob.client.get(`/api/qrcodes/${bobCode.id}`)).json.design).toEqual(bobBefore);
    });
  });

  it('deletes several codes: their links are gone and their seats stay paid and free for new codes', async () => {
    const before = (await alice.client.get('/api/subscription')).json;
    expect(before).toMatchObject({ seats: 5, seatsUsed: 5 });
    const doomed = codes.slice(0, 2);

    const res = await alice.client.post('/api/qrcodes/bulk/delete', { ids: ids(doomed) });

    expect(res.json).toEqual({ selected: 2, changed: 2 });
    for (const code of doomed) {
      expect((await alice.client.get(`/api/qrcodes/${code.id}`)).status).toBe(404);
      expect((await scan(system.url('redirect'), code.slug)).status).toBe(404);
    }
    expect((await alice.client.get('/api/subscription')).json).toMatchObject({ seats: 5, seatsUsed: 3 });
    // Every delivery of the events has been handled: the seats stay until the period ends.
    await settled(system);
    expect((await alice.client.get('/api/subscription')).json).toMatchObject({ seats: 5, seatsUsed: 3 });
    const history = await sql<{ kind: string }>(system, `SELECT kind FROM qr.code_history WHERE code_id = ANY($1::uuid[]) AND kind = 'deleted'`, [ids(doomed)]);
    expect(history).toHaveLength(2);
    expect((await bob.client.get('/api/subscription')).json).toMatchObject({ seats: 1, seatsUsed: 1 });
    // The two seats take two new codes without a purchase, and not a third.
    for (const n of [1, 2]) expect((await alice.client.post('/api/qrcodes', { name: `Reprint ${n}`, destinationUrl: `https://shop.example/r${n}` })).status).toBe(201);
    expect((await alice.client.post('/api/qrcodes', { name: 'Reprint 3', destinationUrl: 'https://shop.example/r3' })).status).toBe(402);
    expect((await alice.client.get('/api/subscription')).json).toMatchObject({ seats: 5, seatsUsed: 5 });
  });
});
