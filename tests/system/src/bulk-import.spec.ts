import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import {
  BillingPattern,
  BULK_IMPORT_MAX_BYTES,
  BULK_IMPORT_MESSAGES,
  BULK_IMPORT_VIEW_ROWS,
  BulkImportView,
  DESIGN_TEMPLATE_MESSAGES,
  QR_MESSAGES,
  QrCodeView,
  QrQueue,
  queueForPattern,
  SLUG_MESSAGES,
} from '@qrd/contracts';
import { bullPrefix, BullMqClient, redisOptions } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { BILLING_ENV, createCode, serviceBus, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { sql } from './accounts-fixtures';
import { importDone, upload } from './bulk-import-fixtures';
import { TestSystem } from './harness';

const TAG_41 = 'x'.repeat(41);

describe('bulk create from CSV', () => {
  let system: TestSystem;
  let bus: BullMqClient;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway'], env: BILLING_ENV });
    bus = serviceBus(system);
  });
  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  async function codesOf(client: TestHttpClient): Promise<QrCodeView[]> {
    const res = await client.get('/api/qrcodes');
    expect(res.status).toBe(200);
    return res.json as QrCodeView[];
  }

  it('checks every row like the create form, buys nothing until confirmed, then buys the exact seats once and creates every valid row', async () => {
    const { client } = await signUp(system);
    const slug = `menu-${Date.now().toString(36)}`;
    // Row 1 valid (custom slug), row 2 a bad URL, row 3 a bad category and a tag too long,
    // row 4 the same slug as row 1, rows 5-6 valid. A byte order mark, CRLF and a quoted comma.
    const csv =
      '\uFEFFname,destination,category,tags,slug\r\n' +
      `Lunch menu,https://example.com/lunch,restaurant,food; lunch | daily,${slug}\r\n` +
      'Broken link,example dot com,,,\r\n' +
      `Odd one,https://example.com/odd,spaceship,${TAG_41},\r\n` +
      `Copy of lunch,https://example.com/copy,,,${slug.toUpperCase()}\r\n` +
      '"Dinner, late",https://example.com/dinner,Restaurant,,\r\n' +
      'Flyer,https://example.com/flyer,event,promo,\r\n';
    const started = await upload(client, csv);
    expect(started.status).toBe(201);
    const draft = started.json as BulkImportView;
    expect(draft.state).toBe('draft');
    expect(draft.rows.map((r) => r.errors)).toEqual([
      {},
      { destinationUrl: QR_MESSAGES.urlInvalid },
      { category: QR_MESSAGES.category, tags: BULK_IMPORT_MESSAGES.tagTooLong(TAG_41) },
      { slug: BULK_IMPORT_MESSAGES.slugRepeated(1) },
      {},
      {},
    ]);
    expect(draft.rows[4].cells.name).toBe('Dinner, late');
    expect(draft.invalidRows).toBe(3);
    // One seat came with the subscription and is free: 3 codes need 2 more seats.
    expect(draft.pricing).toEqual({
      codesToCreate: 3,
      freeSeats: 1,
      seatsToBuy: 2,
      unitAmountCents: 349,
      interval: 'monthly',
      totalCents: 698,
      entitled: true,
    });
    // Nothing bought, nothing created.
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });

    // The bad URL fixed in the preview; a short link already taken is refused like the form does.
    const fixed = await client.put(`/api/imports/${draft.id}/rows/2`, {
      name: 'Broken link',
      destination: 'https://example.com/fixed',
      category: 'product',
      tags: '',
      slug: '',
    });
    expect(fixed.status).toBe(200);
    expect((fixed.json as BulkImportView).rows[1].errors).toEqual({});
    expect((fixed.json as BulkImportView).pricing).toMatchObject({ codesToCreate: 4, seatsToBuy: 3, totalCents: 1047 });
    const other = await signUp(system);
    const taken = (await other.client.post('/api/qrcodes', { name: 'Taken', destinationUrl: 'https://example.com/t', slug: `taken-${slug}` })).json as QrCodeView;
    const clash = await client.put(`/api/imports/${draft.id}/rows/4`, {
      name: 'Copy of lunch',
      destination: 'https://example.com/copy',
      category: '',
      tags: '',
      slug: taken.slug,
    });
    expect((clash.json as BulkImportView).rows[3].errors).toEqual({ slug: SLUG_MESSAGES.taken });

    // A total that is not the server's is refused and buys nothing.
    const stale = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 698 });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(BULK_IMPORT_MESSAGES.totalChanged);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });

    // Confirmed, and the same confirmation sent again (a lost answer) and at once: bought once.
    const key = { 'Idempotency-Key': `import-${randomUUID()}` };
    const confirms = await Promise.all([
      client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 1047 }, key),
      client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 1047 }, key),
    ]);
    expect(confirms.map((c) => c.status)).toEqual([202, 202]);
    const retried = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 1047 }, key);
    expect(retried.status).toBe(202);

    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ state: 'done', total: 4, created: 4, failed: 0, seatsBought: 3 });
    expect(done.progress.amountChargedCents).toBeGreaterThan(0);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 4, seatsUsed: 4, periodAmountCents: 4 * 349 });

    const codes = await codesOf(client);
    const byName = new Map(codes.map((c) => [c.name, c]));
    expect(codes).toHaveLength(4);
    expect(byName.get('Lunch menu')).toMatchObject({ destinationUrl: 'https://example.com/lunch', category: 'restaurant', slug, tags: ['food', 'lunch', 'daily'] });
    expect(byName.get('Broken link')).toMatchObject({ destinationUrl: 'https://example.com/fixed', category: 'product' });
    expect(byName.get('Dinner, late')).toMatchObject({ destinationUrl: 'https://example.com/dinner', category: 'restaurant' });
    expect(byName.get('Flyer')).toMatchObject({ destinationUrl: 'https://example.com/flyer', category: 'event', tags: ['promo'] });
    // History as a normal create records it.
    const history = await client.get(`/api/qrcodes/${byName.get('Flyer')?.id}/history`);
    expect(history.json.items.map((i: { kind: string }) => i.kind)).toEqual(['created']);

    // The result file: one line per created code with its short link.
    const result = await client.get(`/api/imports/${draft.id}/result.csv`);
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = result.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('name,destination,category,tags,slug,template,domain,short_url,status,error');
    expect(lines).toHaveLength(5);
    for (const code of codes) expect(lines.some((line) => line.includes(`,${code.shortUrl},created,`))).toBe(true);
    expect(lines.find((l) => l.startsWith('"Dinner, late"'))).toBeDefined();

    // The job run again (a retry after a crash) creates nothing twice and buys nothing.
    const queue = new Queue(QrQueue.BulkImports, {
      connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(system.config.redisPrefix),
    });
    await queue.add('create-codes', { importId: draft.id, meta: { requestId: randomUUID() } }, { jobId: `again-${draft.id}` });
    await waitFor(async () => {
      const state = await queue.getJobState(`again-${draft.id}`);
      if (state !== 'completed') throw new Error(`the job is ${state}`);
    }, 15_000, 100);
    await queue.close();
    expect(await codesOf(client)).toHaveLength(4);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 4, seatsUsed: 4 });
  });

  it('creates every code with the design template chosen at confirmation, or the one a row names; an unknown name is a row error', async () => {
    const { client } = await signUp(system);
    const day = (await client.post('/api/design-templates', { name: 'Day', design: { foreground: '#0d47a1', dotStyle: 'rounded' } })).json;
    const night = (await client.post('/api/design-templates', { name: 'Night', design: { foreground: '#1b5e20', eyeStyle: 'circle' } })).json;
    const stranger = await signUp(system);
    const theirs = (await stranger.client.post('/api/design-templates', { name: 'Theirs', design: { foreground: '#b71c1c' } })).json;

    const draft = (await upload(client, 'name,destination,template\nPoster A,https://example.com/a,\nPoster B,https://example.com/b, night \nPoster C,https://example.com/c,Dusk\n'))
      .json as BulkImportView;
    expect(draft.rows.map((r) => r.cells.template)).toEqual(['', ' night ', 'Dusk']);
    expect(draft.rows.map((r) => r.errors)).toEqual([{}, {}, { template: BULK_IMPORT_MESSAGES.templateUnknown('Dusk') }]);
    const fixed = await client.put(`/api/imports/${draft.id}/rows/3`, { ...draft.rows[2].cells, template: 'NIGHT' });
    expect((fixed.json as BulkImportView).rows[2].errors).toEqual({});
    const { totalCents } = (fixed.json as BulkImportView).pricing ?? { totalCents: -1 };

    // Someone else's template, or no template id at all: refused before anything is bought.
    const foreign = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents, designTemplateId: theirs.id });
    const malformed = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents, designTemplateId: 'Day' });
    expect([foreign.status, malformed.status]).toEqual([400, 400]);
    expect(foreign.json.fields.designTemplateId).toBe(DESIGN_TEMPLATE_MESSAGES.notFound);
    expect(malformed.json.fields.designTemplateId).toBe(BULK_IMPORT_MESSAGES.designTemplateId);
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });
    expect((await client.get(`/api/imports/${draft.id}`)).json.state).toBe('draft');

    const confirmed = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents, designTemplateId: day.id });
    expect(confirmed.status).toBe(202);
    expect(confirmed.json.designTemplateId).toBe(day.id);
    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ created: 3, failed: 0 });

    const byName = new Map((await codesOf(client)).map((c) => [c.name, c]));
    expect(byName.get('Poster A')?.design).toEqual({ ...day.design });
    expect(byName.get('Poster B')?.design).toEqual({ ...night.design });
    expect(byName.get('Poster C')?.design).toEqual({ ...night.design });
    expect(day.design).toMatchObject({ foreground: '#0d47a1', dotStyle: 'rounded' });
    const result = await client.get(`/api/imports/${draft.id}/result.csv`);
    expect(result.text).toContain(',NIGHT,');
  });

  it('uses free seats first and buys nothing when they suffice', async () => {
    const { client } = await signUp(system);
    const userId = await userIdOf(client);
    await createCode(bus, userId);
    await client.post('/api/purchase-qr-code', { price: 3.49 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 1 });
    const draft = (await upload(client, 'name,destination\nPoster,https://example.com/poster\n')).json as BulkImportView;
    expect(draft.pricing).toMatchObject({ codesToCreate: 1, freeSeats: 1, seatsToBuy: 0, totalCents: 0 });
    expect((await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 0 })).status).toBe(202);
    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ created: 1, seatsBought: 0, amountChargedCents: 0 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 2 });
  });

  it('holds a confirmed import\'s seats until its rows are created: a second import buys its own, and a single code cannot take them', async () => {
    const { client } = await signUp(system);
    const userId = await userIdOf(client);
    const rows = (prefix: string) =>
      'name,destination\n' + Array.from({ length: 200 }, (_, i) => `${prefix} ${i},https://example.com/${prefix}/${i}`).join('\n') + '\n';
    const first = (await upload(client, rows('a'))).json as BulkImportView;
    const second = (await upload(client, rows('b'))).json as BulkImportView;
    // The creation waits while both are confirmed, as when the first is still creating its codes.
    const queue = new Queue(QrQueue.BulkImports, {
      connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(system.config.redisPrefix),
    });
    await queue.pause();
    try {
      expect((await client.post(`/api/imports/${first.id}/confirm`, {})).status).toBe(202);
      expect(await subscriptionOf(client)).toMatchObject({ seats: 200, seatsUsed: 200 });
      const pricing = ((await client.get(`/api/imports/${second.id}`)).json as BulkImportView).pricing;
      expect(pricing).toMatchObject({ codesToCreate: 200, freeSeats: 0, seatsToBuy: 200 });
      expect((await client.post(`/api/imports/${second.id}/confirm`, {})).status).toBe(202);
      expect(await subscriptionOf(client)).toMatchObject({ seats: 400, seatsUsed: 400 });
      await expect(createCode(bus, userId)).rejects.toThrow(QR_MESSAGES.noFreeSeat);
    } finally {
      await queue.resume();
      await queue.close();
    }
    const [a, b] = await Promise.all([importDone(client, first.id), importDone(client, second.id)]);
    expect(a.progress).toMatchObject({ created: 200, failed: 0 });
    expect(b.progress).toMatchObject({ created: 200, failed: 0, seatsBought: 200 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 400, seatsUsed: 400 });
  });

  it('two imports confirmed at the same moment each buy and create all their codes', async () => {
    const { client } = await signUp(system);
    const csv = (tag: string) => `name,destination\r\n${[1, 2, 3].map((n) => `${tag} ${n},https://example.com/${tag}/${n}`).join('\r\n')}\r\n`;
    const a = (await upload(client, csv('a'))).json as BulkImportView;
    const b = (await upload(client, csv('b'))).json as BulkImportView;
    const confirms = await Promise.all([client.post(`/api/imports/${a.id}/confirm`, {}), client.post(`/api/imports/${b.id}/confirm`, {})]);
    expect(confirms.map((c) => c.status)).toEqual([202, 202]);
    const done = await Promise.all([importDone(client, a.id), importDone(client, b.id)]);
    for (const view of done) expect(view.progress).toMatchObject({ created: 3, failed: 0 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 6, seatsUsed: 6 });
  });

  it('a confirmation that another confirmation of the same import overtakes while it checks answers its progress, not a changed total', async () => {
    const { client } = await signUp(system);
    const draft = (await upload(client, 'name,destination\r\nOne,https://example.com/1\r\nTwo,https://example.com/2\r\n')).json as BulkImportView;
    expect(draft.pricing).toMatchObject({ seatsToBuy: 1, totalCents: 349 });
    const billing = new Queue(queueForPattern(BillingPattern.GetSubscription), {
      connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(system.config.redisPrefix),
    });
    await billing.pause();
    let confirm: Promise<{ status: number; json: BulkImportView }>;
    try {
      // This confirmation has found the draft and waits for billing's prices...
      confirm = client.post(`/api/imports/${draft.id}/confirm`, { totalCents: 349 }) as Promise<{ status: number; json: BulkImportView }>;
      await waitFor(async () => expect(await billing.getWaitingCount()).toBeGreaterThan(0));
      // ...when the same confirmation sent again holds the import's seats (between its hold and its purchase).
      await sql(system, `UPDATE qr.bulk_imports SET state = 'queued', total = 2, seats_bought = 1, confirmed_at = now() WHERE id = $1`, [draft.id]);
    } finally {
      await billing.resume();
      await billing.close();
    }
    // Its rows now count as in use, so the price differs; still one import, bought once, all created.
    const answered = await confirm;
    expect(answered.status).toBe(202);
    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ state: 'done', total: 2, created: 2, failed: 0 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 2, seatsUsed: 2 });
  });

  it('a batch short of seats while another import is still buying waits for that purchase instead of failing its rows', async () => {
    const { client } = await signUp(system);
    const csv = (tag: string) => `name,destination\r\n${[1, 2, 3].map((n) => `${tag} ${n},https://example.com/${tag}/${n}`).join('\r\n')}\r\n`;
    const a = (await upload(client, csv('a'))).json as BulkImportView;
    const b = (await upload(client, csv('b'))).json as BulkImportView;
    const queue = new Queue(QrQueue.BulkImports, {
      connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(system.config.redisPrefix),
    });
    await queue.pause();
    try {
      // A is confirmed and bought (the free seat and two more) before B holds anything.
      expect((await client.post(`/api/imports/${a.id}/confirm`, {})).status).toBe(202);
      expect(await subscriptionOf(client)).toMatchObject({ seats: 3 });
      // B as a confirmation leaves it between its hold and its purchase: its rows count as in use.
      await sql(system, `UPDATE qr.bulk_imports SET state = 'queued', total = 3, confirmed_at = now() WHERE id = $1`, [b.id]);
    } finally {
      await queue.resume();
      await queue.close();
    }
    // A's batch finds its 3 seats held by B's rows, whose seats are not bought yet: it waits.
    await waitFor(async () => expect(await sql(system, `SELECT state FROM qr.bulk_imports WHERE id = $1`, [a.id])).toEqual([{ state: 'running' }]));
    expect(await sql(system, `SELECT count(*)::int AS n FROM qr.bulk_import_rows WHERE import_id = $1 AND (code_id IS NOT NULL OR failure IS NOT NULL)`, [a.id])).toEqual([
      { n: 0 },
    ]);
    // B's confirmation goes on and buys for both (A's rows are in use for it), then both create everything.
    expect((await client.post(`/api/imports/${b.id}/confirm`, {})).status).toBe(202);
    const done = await Promise.all([importDone(client, a.id), importDone(client, b.id)]);
    for (const view of done) expect(view.progress).toMatchObject({ created: 3, failed: 0 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 6, seatsUsed: 6 });
  });

  it('refuses files beyond the limits, or not CSV, with a 400 that says why, and keeps imports private', async () => {
    const { client, details } = await signUp(system);
    const rows = (n: number) => `name,destination\n${Array.from({ length: n }, (_, i) => `Code ${i},https://example.com/${i}`).join('\n')}\n`;

    // Larger than the limit: refused by its length before a byte is read (the row limit is the reader's unit test).
    const tooLarge = await upload(client, `name,destination\nBig,https://example.com/${'a'.repeat(BULK_IMPORT_MAX_BYTES)}\n`);
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json.message).toBe(BULK_IMPORT_MESSAGES.tooLarge);
    expect(tooLarge.json.message).toContain('at most 50 MB');

    const noDestination = await upload(client, 'name,url2\nMenu,https://example.com\n');
    expect(noDestination.status).toBe(400);
    expect(noDestination.json.message).toBe(BULK_IMPORT_MESSAGES.unknownColumn('url2'));
    expect((await upload(client, 'name\nMenu\n')).json.message).toBe(BULK_IMPORT_MESSAGES.missingColumn('destination'));
    expect((await upload(client, 'name,destination\n')).json.message).toBe(BULK_IMPORT_MESSAGES.empty);
    const latin1 = await upload(client, Buffer.from('name,destination\nCaf\xe9,https://example.com\n', 'latin1'));
    expect(latin1.status).toBe(400);
    expect(latin1.json.message).toBe(BULK_IMPORT_MESSAGES.notUtf8);
    const json = await upload(client, '{"name":"x"}', 'application/json');
    expect(json.status).toBe(400);

    // 1,000 rows: the view lists the first BULK_IMPORT_VIEW_ROWS and counts them all; nothing is bought by a preview.
    const thousand = await upload(client, rows(1000));
    expect(thousand.status).toBe(201);
    expect(thousand.json.rowCount).toBe(1000);
    expect(thousand.json.rows).toHaveLength(BULK_IMPORT_VIEW_ROWS);
    expect(thousand.json.pricing).toMatchObject({ codesToCreate: 1000, seatsToBuy: 999 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });

    const stranger = await signUp(system);
    expect((await stranger.client.get(`/api/imports/${thousand.json.id}`)).status).toBe(404);
    expect((await stranger.client.post(`/api/imports/${thousand.json.id}/confirm`, {})).status).toBe(404);

    // A deleted account's imports (the rows' names and addresses) go with it.
    expect((await client.request('DELETE', '/api/account', { currentPassword: details.password })).status).toBe(204);
    await waitFor(async () => {
      const left = await sql(system, 'SELECT 1 FROM qr.bulk_imports WHERE id = $1', [thousand.json.id]);
      if (left.length > 0) throw new Error('the import is still there');
    }, 15_000, 200);
  });
});
