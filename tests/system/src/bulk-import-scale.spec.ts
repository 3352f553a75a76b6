import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BULK_IMPORT_MESSAGES, BULK_IMPORT_VIEW_ROWS, BulkImportView } from '@qrd/contracts';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp, subscriptionOf, userIdOf } from './billing-fixtures';
import { sql } from './accounts-fixtures';
import { importDone } from './bulk-import-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { settled } from './settled';
import { ROOT } from '../../e2e/src/support/environment';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A file of `rows` rows generated as it is sent (chunked, no length), each row with its own destination. */
function csvStream(rows: number, pad = 0): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode('name,destination,tags\r\n'));
      if (next >= rows) return controller.close();
      let chunk = '';
      for (const end = Math.min(rows, next + 250); next < end; next++) {
        chunk += `Package ${next + 1},https://brand.example.com/p/${next + 1}${pad ? `?lot=${'x'.repeat(pad)}` : ''},packaging\r\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

/** The file streamed to `baseUrl` (the gateway, or nginx in front of it) as the browser sends it. */
async function streamUpload(client: TestHttpClient, baseUrl: string, body: ReadableStream<Uint8Array>): Promise<{ status: number; json: BulkImportView }> {
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${baseUrl}/api/imports`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', 'sec-fetch-site': 'same-origin', cookie },
    body,
    duplex: 'half',
  } as RequestInit);
  const text = await res.text();
  return { status: res.status, json: (text.startsWith('{') ? JSON.parse(text) : { message: text }) as BulkImportView };
}

async function confirm(client: TestHttpClient, draft: BulkImportView): Promise<BulkImportView> {
  const res = await client.post(`/api/imports/${draft.id}/confirm`, { totalCents: draft.pricing?.totalCents }, { 'Idempotency-Key': `scale-${draft.id}` });
  expect(res.status).toBe(202);
  return res.json as unknown as BulkImportView;
}

async function progressOf(client: TestHttpClient, id: string): Promise<BulkImportView> {
  return (await client.get(`/api/imports/${id}`)).json as unknown as BulkImportView;
}

/** Rows of the import linked to a code, codes distinct, and the owner's live codes. */
async function onceEach(system: TestSystem, importId: string, ownerId: string): Promise<{ linked: number; distinct: number; codes: number }> {
  const [rows] = await sql(
    system,
    `SELECT count(code_id)::int AS linked, count(DISTINCT code_id)::int AS distinct FROM qr.bulk_import_rows WHERE import_id = $1`,
    [importId],
  );
  const [codes] = await sql(system, `SELECT count(*)::int AS codes FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL`, [ownerId]);
  return { linked: rows.linked as number, distinct: rows.distinct as number, codes: codes.codes as number };
}

describe('bulk create from CSV at scale', () => {
  let system: TestSystem;
  let door: FrontDoor;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'redirect', 'gateway'], env: BILLING_ENV });
    door = await startFrontDoor(system);
  });
  afterAll(async () => {
    await door.stop();
    await system.stop();
  });

  it('streams a file larger than every other route allows through nginx, buys the seats in one step and creates every row exactly once', async () => {
    const { client } = await signUp(system);
    const ownerId = await userIdOf(client);
    const rows = 3000;
    // About 2.4 MB: more than nginx lets any other route take.
    const elsewhere = await fetch(`${door.baseUrl}/api/qrcodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2.5 * 1024 * 1024) });
    expect(elsewhere.status).toBe(413);
    const started = await streamUpload(client, door.baseUrl, csvStream(rows, 700));
    expect(started.status).toBe(201);
    const draft = started.json;
    expect(draft).toMatchObject({ state: 'draft', rowCount: rows, invalidRows: 0 });
    expect(draft.rows).toHaveLength(BULK_IMPORT_VIEW_ROWS);
    expect(draft.pricing).toMatchObject({ codesToCreate: rows, freeSeats: 1, seatsToBuy: rows - 1 });
    expect(await subscriptionOf(client)).toMatchObject({ seats: 1, seatsUsed: 0 });

    // One confirmation: every missing seat bought at once, before a single code exists.
    const queued = await confirm(client, draft);
    expect(queued.progress).toMatchObject({ total: rows, seatsBought: rows - 1 });
    expect((await subscriptionOf(client)).seats).toBe(rows);

    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ state: 'done', total: rows, created: rows, failed: 0 });
    expect(await onceEach(system, draft.id, ownerId)).toEqual({ linked: rows, distinct: rows, codes: rows });
    const [destinations] = await sql(system, `SELECT count(DISTINCT destination)::int AS n FROM qr.codes WHERE owner_id = $1`, [ownerId]);
    expect(destinations.n).toBe(rows);
    expect(await subscriptionOf(client)).toMatchObject({ seats: rows, seatsUsed: rows });

    // The result file lists every row with its short link, streamed through nginx.
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const result = await (await fetch(`${door.baseUrl}/api/imports/${draft.id}/result.csv`, { headers: { cookie } })).text();
    const lines = result.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(rows + 1);
    expect(lines.filter((line) => line.includes(',created,'))).toHaveLength(rows);
  });

  it('cancels an import between two batches: the codes created stay, the rows left are not created', async () => {
    const { client } = await signUp(system);
    const ownerId = await userIdOf(client);
    const rows = 6000;
    const draft = (await streamUpload(client, system.url('gateway'), csvStream(rows))).json;
    await confirm(client, draft);
    await waitFor(async () => {
      const view = await progressOf(client, draft.id);
      if (view.progress.created === 0) throw new Error('nothing created yet');
    }, 30_000, 10);
    const cancelled = await client.post(`/api/imports/${draft.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.state).toBe('cancelled');
    // Whatever was committed stays; nothing more is created afterwards.
    await settled(system);
    const after = await progressOf(client, draft.id);
    expect(after.state).toBe('cancelled');
    expect(after.progress.created).toBeGreaterThan(0);
    expect(after.progress.created).toBeLessThan(rows);
    const counts = await onceEach(system, draft.id, ownerId);
    expect(counts).toEqual({ linked: after.progress.created, distinct: after.progress.created, codes: after.progress.created });
    expect((await progressOf(client, draft.id)).progress.created).toBe(after.progress.created);
    // Cancelling again answers the same; a finished import cannot be cancelled.
    expect((await client.post(`/api/imports/${draft.id}/cancel`, {})).status).toBe(200);
    const result = (await client.get(`/api/imports/${draft.id}/result.csv`)).text;
    expect(result).toContain(`,cancelled,${BULK_IMPORT_MESSAGES.cancelled}`);

    const small = (await streamUpload(client, system.url('gateway'), csvStream(3))).json;
    await confirm(client, small);
    await importDone(client, small.id);
    const late = await client.post(`/api/imports/${small.id}/cancel`, {});
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(BULK_IMPORT_MESSAGES.notCancellable);
  });

  it('goes on from the last committed batch after the qr-service restarts mid-import, creating every row once', async () => {
    const { client } = await signUp(system);
    const ownerId = await userIdOf(client);
    const rows = 6000;
    const draft = (await streamUpload(client, system.url('gateway'), csvStream(rows))).json;
    await confirm(client, draft);
    await waitFor(async () => {
      const view = await progressOf(client, draft.id);
      if (view.progress.created === 0) throw new Error('nothing created yet');
    }, 30_000, 10);
    await system.stopService('qr');
    const [stopped] = await sql(system, `SELECT state FROM qr.bulk_imports WHERE id = $1`, [draft.id]);
    const [{ created }] = await sql(system, `SELECT count(code_id)::int AS created FROM qr.bulk_import_rows WHERE import_id = $1`, [draft.id]);
    expect(stopped.state).toBe('running');
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(rows);

    await system.startService('qr');
    const done = await importDone(client, draft.id);
    expect(done.progress).toMatchObject({ state: 'done', created: rows, failed: 0 });
    expect(await onceEach(system, draft.id, ownerId)).toEqual({ linked: rows, distinct: rows, codes: rows });
    expect(await subscriptionOf(client)).toMatchObject({ seats: rows, seatsUsed: rows });
    // The gateway reaches the qr-service's internal routes at the address it started with: it learns the new one.
    await system.stopService('gateway');
    await system.startService('gateway');
  });

  it('the front door of npm start allows the larger body on the import route only, as nginx does', async () => {
    const { client } = await signUp(system);
    const webRoot = mkdtempSync(join(tmpdir(), 'edge-web-'));
    const port = await freePort();
    const options = JSON.stringify({
      port,
      webRoot,
      gatewayPort: Number(new URL(system.url('gateway')).port),
      redirectPort: Number(new URL(system.url('redirect')).port),
    });
    const script = `import(${JSON.stringify(pathToFileURL(join(ROOT, 'tools', 'edge.mjs')).href)}).then((m) => m.startEdge(${options}))`;
    const edge: ChildProcess = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: 'inherit' });
    const edgeUrl = `http://127.0.0.1:${port}`;
    try {
      await waitFor(async () => expect((await fetch(`${edgeUrl}/health`)).status).toBe(200), 10_000);
      const elsewhere = await fetch(`${edgeUrl}/api/qrcodes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'x'.repeat(2.5 * 1024 * 1024) });
      expect(elsewhere.status).toBe(413);
      const started = await streamUpload(client, edgeUrl, csvStream(3000, 700));
      expect(started.status).toBe(201);
      expect(started.json).toMatchObject({ state: 'draft', rowCount: 3000, invalidRows: 0 });
    } finally {
      const exited = once(edge, 'exit');
      edge.kill();
      await exited;
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
