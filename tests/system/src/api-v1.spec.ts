import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCodes, createAndRetarget } from '../../../clients/typescript/src/example';
import sharp from 'sharp';
import { sql } from './accounts-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { fits, OpenApiContract, OpenApiDocument } from './openapi-contract';
import { api, ApiResponse, createApiKey, seedCodes } from './public-api-fixtures';
import { DESIGN_TEMPLATE_MESSAGES } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { Customer, scan, scansIngested, subscribedCustomer } from './qr-fixtures';

describe('/api/v1: the public API, called through nginx', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let key: string;
  let readKey: string;
  let document: OpenApiDocument;
  let contract: OpenApiContract;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    key = (await createApiKey(owner.client, { scope: 'write' })).key;
    readKey = (await createApiKey(owner.client, { scope: 'read' })).key;
    const res = await api(door, null, 'GET', '/api/v1/openapi.json');
    expect(res.status).toBe(200);
    document = res.json;
    contract = new OpenApiContract(document);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  /** Holds a real answer to the document (strict OpenAPI 3.1: status, media type, schema, headers). */
  function expectMatchesDocument(method: string, template: string, res: ApiResponse): void {
    expect(contract.check(method, template, res)).toEqual(fits(method, template, res));
  }

  it('creates a code once per Idempotency-Key, with the same answer on a retry', async () => {
    const body = { name: 'Shop sign', destinationUrl: 'https://example.com/shop' };
    const headers = { 'idempotency-key': 'order-4711-sign' };
    const first = await api(door, key, 'POST', '/api/v1/codes', body, headers);
    expect(first.status).toBe(201);
    expectMatchesDocument('POST', '/api/v1/codes', first);
    const again = await api(door, key, 'POST', '/api/v1/codes', body, headers);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await sql(system, 'SELECT id FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL', [owner.user.id]);
    expect(rows).toEqual([{ id: first.json.id }]);

    const otherBody = await api(door, key, 'POST', '/api/v1/codes', { ...body, name: 'Other' }, headers);
    expect(otherBody.status).toBe(409);
    expect(otherBody.json.detail).toMatch(/different request/);
    expectMatchesDocument('POST', '/api/v1/codes', otherBody);
  });

  it('refuses to create a code without a free seat (402), like the dashboard', async () => {
    const res = await api(door, key, 'POST', '/api/v1/codes', { name: 'One too many', destinationUrl: 'https://example.com/x' });
    expect(res.status).toBe(402);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json).toMatchObject({ status: 402, code: 'PAYMENT_REQUIRED' });
    expectMatchesDocument('POST', '/api/v1/codes', res);
  });

  it('answers bad input with a problem listing the fields, and changes nothing', async () => {
    const res = await api(door, key, 'POST', '/api/v1/codes', { name: 'x', destinationUrl: 'ftp://example.com' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('destinationUrl');
    expectMatchesDocument('POST', '/api/v1/codes', res);
  });

  it('gets, updates, revalidates with ETags and deletes a code; every answer fits the document', async () => {
    const [code] = await sql<{ id: string }>(system, 'SELECT id FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL', [owner.user.id]);
    const got = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}`);
    expect(got.status).toBe(200);
    expectMatchesDocument('GET', '/api/v1/codes/{id}', got);
    const etag = got.headers.get('etag');
    expect(etag).toBeTruthy();
    const unchanged = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}`, undefined, { 'if-none-match': etag as string });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expectMatchesDocument('GET', '/api/v1/codes/{id}', unchanged);

    const updated = await api(door, key, 'PATCH', `/api/v1/codes/${code.id}`, { destinationUrl: 'https://example.com/spring', state: 'inactive' });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({ destinationUrl: 'https://example.com/spring', state: 'deactivated' });
    expectMatchesDocument('PATCH', '/api/v1/codes/{id}', updated);
    const changed = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}`, undefined, { 'if-none-match': etag as string });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);

    const analytics = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/analytics?tz=Europe/Berlin`);
    expect(analytics.status).toBe(200);
    expectMatchesDocument('GET', '/api/v1/codes/{id}/analytics', analytics);
    const account = await api(door, readKey, 'GET', '/api/v1/analytics?tz=Europe/Berlin');
    expect(account.status).toBe(200);
    expectMatchesDocument('GET', '/api/v1/analytics', account);

    const png = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/image?format=png&size=256`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const pngBytes = Buffer.from(await (await fetch(`${door.baseUrl}/api/v1/codes/${code.id}/image?size=256`, { headers: { authorization: `Bearer ${readKey}` } })).arrayBuffer());
    expect((await sharp(pngBytes).metadata()).width).toBe(256);
    const svg = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/image?format=svg`);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.text).toContain('<svg');
    const pdf = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/image?format=pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const tooBig = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/image?size=99999`);
    expect(tooBig.status).toBe(400);
    expectMatchesDocument('GET', '/api/v1/codes/{id}/image', tooBig);

    const csv = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/scans.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');

    const deleted = await api(door, key, 'DELETE', `/api/v1/codes/${code.id}`);
    expect(deleted.status).toBe(204);
    expectMatchesDocument('DELETE', '/api/v1/codes/{id}', deleted);
    const gone = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}`);
    expect(gone.status).toBe(404);
    expectMatchesDocument('GET', '/api/v1/codes/{id}', gone);
    expectMatchesDocument('GET', '/api/v1/codes', await api(door, null, 'GET', '/api/v1/codes'));
  });

  it('creates and edits a hosted contact card and the newer design settings, each described by the document', async () => {
    const schemas = (document as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> } }).components.schemas;
    expect(Object.keys(schemas.V1CreateCodeBody.properties)).toEqual(expect.arrayContaining(['content', 'designTemplateId']));
    expect(schemas.V1CreateCodeBody.required ?? []).not.toContain('destinationUrl');
    expect(Object.keys(schemas.V1DesignBody.properties)).toEqual(expect.arrayContaining(['eyeStyle', 'eyeColour', 'gradient', 'transparent', 'frame', 'frameText']));
    const validBody = (name: string, body: unknown) => {
      const validate = contract.schema(name);
      expect(validate(body) ? null : validate.errors).toBeNull();
    };

    const card = { type: 'vcard', firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', phones: [{ label: 'work', number: '+44 20 7946 0000' }], emails: ['ada@example.com'] };
    validBody('V1CreateCodeBody', { name: 'Business card', content: card });
    expect((await owner.client.post('/api/purchase-qr-code', { name: 'Business card', price: 3.49 })).status).toBe(200);
    const created = await api(door, key, 'POST', '/api/v1/codes', { name: 'Business card', content: card });
    expect(created.status).toBe(201);
    expect(created.json.content).toMatchObject(card);
    expectMatchesDocument('POST', '/api/v1/codes', created);

    const moved = { ...card, company: 'Analytical Engines Ltd' };
    const edited = await api(door, key, 'PATCH', `/api/v1/codes/${created.json.id}`, { content: moved });
    expect(edited.status).toBe(200);
    expect(edited.json.content).toMatchObject(moved);
    expectMatchesDocument('PATCH', '/api/v1/codes/{id}', edited);

    const design = {
      foreground: '#1e3a8a', background: '#ffffff', errorCorrection: 'H', margin: 4, dotStyle: 'rounded',
      eyeStyle: 'circle', eyeColour: '#b91c1c', gradient: { to: '#0f172a', angle: 45 }, transparent: true, frame: 'label', frameText: 'Scan me',
    };
    validBody('V1DesignBody', design);
    const designed = await api(door, key, 'PUT', `/api/v1/codes/${created.json.id}/design`, design);
    expect(designed.status).toBe(200);
    expect(designed.json.design).toMatchObject({ ...design, hasLogo: false });
    expectMatchesDocument('PUT', '/api/v1/codes/{id}/design', designed);
    const fetched = await api(door, readKey, 'GET', `/api/v1/codes/${created.json.id}`);
    expectMatchesDocument('GET', '/api/v1/codes/{id}', fetched);
    expect(fetched.json).toMatchObject({ content: moved, design: { frame: 'label', frameText: 'Scan me' } });

    const refused = await api(door, key, 'PATCH', `/api/v1/codes/${created.json.id}`, { content: { type: 'wifi', ssid: 'Cafe', security: 'WPA', password: 'short', hidden: false } });
    expect(refused.status).toBe(400);
    expectMatchesDocument('PATCH', '/api/v1/codes/{id}', refused);
    expect((await api(door, readKey, 'GET', `/api/v1/codes/${created.json.id}`)).json.content).toMatchObject(moved);
    expect((await api(door, key, 'DELETE', `/api/v1/codes/${created.json.id}`)).status).toBe(204);
  });

  it('pages through 1,000 codes with the cursor, each exactly once', async () => {
    const many = await subscribedCustomer(system);
    await seedCodes(system, many.user.id, 1000);
    const manyKey = (await createApiKey(many.client, { scope: 'read' })).key;
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: ApiResponse = await api(door, manyKey, 'GET', `/api/v1/codes?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      // The first page and the last, whose nextCursor is null.
      if (pages === 0 || !res.json.nextCursor) expectMatchesDocument('GET', '/api/v1/codes', res);
      expect(res.json.total).toBe(1000);
      for (const item of res.json.items as { id: string }[]) seen.add(item.id);
      cursor = res.json.nextCursor;
      pages++;
    } while (cursor && pages < 20);
    expect({ pages, codes: seen.size }).toEqual({ pages: 10, codes: 1000 });
    const broken = await api(door, manyKey, 'GET', '/api/v1/codes?cursor=not-a-cursor');
    expect(broken.status).toBe(400);
  });

  it('describes every /api/v1 route in its OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    const express = system.apps.get('gateway')?.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    const routes = express.router.stack.flatMap(({ route }) =>
      route?.path.startsWith('/api/v1/') && route.path !== '/api/v1/openapi.json'
        ? Object.keys(route.methods).map((m) => `${m.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
        : [],
    );
    const documented = Object.entries(document.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    expect(routes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('works through the typed client of docs/api.md (openapi-fetch)', async () => {
    const seat = await owner.client.post('/api/purchase-qr-code', { name: 'From the shop' });
    expect(seat.status).toBe(200);
    const code = await createAndRetarget(door.baseUrl, key, '1001');
    expect(code).toMatchObject({ name: 'Order 1001', destinationUrl: 'https://example.com/spring-sale' });
    const again = await createAndRetarget(door.baseUrl, key, '1001');
    expect(again.id).toBe(code.id);
    expect((await allCodes(door.baseUrl, readKey)).map((c) => c.id)).toEqual([code.id]);

    // Its scans, as CSV and as NDJSON: the same scans, newest first.
    await waitFor(async () => {
      const res = await scan(system.url('redirect'), code.slug);
      if (res.status !== 302) throw new Error(`scan answered ${res.status}`);
    });
    await scan(system.url('redirect'), code.slug, { headers: { referer: 'https://news.example.org/' } });
    await scansIngested(system);
    // The redirect-service hands scans to the stream in batches: wait until both are stored.
    let ndjson = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/scans.ndjson`);
    await waitFor(async () => {
      ndjson = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/scans.ndjson`);
      expect(ndjson.text.trimEnd().split('\n')).toHaveLength(2);
    });
    const csv = await api(door, readKey, 'GET', `/api/v1/codes/${code.id}/scans.csv`);
    expect(ndjson.status).toBe(200);
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = ndjson.text.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ is_bot: false, referrer: 'news.example.org', method: 'GET' });
    expect(csv.text.trimEnd().split('\r\n')).toHaveLength(3);
    expect(csv.text.split('\r\n')[1].startsWith(String(lines[0].scanned_at))).toBe(true);
  });

  it('serves the interactive reference at /docs/api with its script from our own origin', async () => {
    const res = await fetch(`${door.baseUrl}/docs/api`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script src="/docs/api/scalar.js">');
    expect(html).toContain('/api/v1/openapi.json');
    expect(html).not.toMatch(/<script src="https?:/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    const script = await fetch(`${door.baseUrl}/docs/api/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  // Last: generating the types keeps the machine busy for seconds.
  it('creates several codes at once, each on a free seat, with short links and campaign settings, and lists the refused ones', async () => {
    const buyer = await subscribedCustomer(system);
    const buyerKey = (await createApiKey(buyer.client, { scope: 'write' })).key;
    const slug = `api-bulk-${Date.now().toString(36)}`;
    const codes = [
      { name: 'Table 1', destinationUrl: 'https://example.com/t1', slug, campaign: { scanLimit: 50 } },
      { name: 'Table 2', destinationUrl: 'https://example.com/t2' },
      { name: 'Table 3', destinationUrl: 'https://example.com/t3' },
    ];

    const invalid = await api(door, buyerKey, 'POST', '/api/v1/codes/bulk', { codes: [codes[1], { name: 'Bad', destinationUrl: 'ftp://example.com' }] });
    expect(invalid.status).toBe(400);
    expect(invalid.json.errors).toHaveProperty(['codes.1.destinationUrl']);
    expectMatchesDocument('POST', '/api/v1/codes/bulk', invalid);
    expect(await sql(system, 'SELECT 1 FROM qr.codes WHERE owner_id = $1', [buyer.user.id])).toEqual([]);

    // One seat came with the subscription: the first code takes it, the others find none free.
    const res = await api(door, buyerKey, 'POST', '/api/v1/codes/bulk', { codes }, { 'idempotency-key': `bulk-${slug}` });
    expect(res.status).toBe(200);
    expectMatchesDocument('POST', '/api/v1/codes/bulk', res);
    expect(res.json.created.map((c: { index: number }) => c.index)).toEqual([0]);
    expect(res.json.created[0].code).toMatchObject({ slug, campaign: { scanLimit: 50 } });
    expect((await api(door, buyerKey, 'GET', `/api/v1/codes/${res.json.created[0].code.id}`)).json).toMatchObject({ remainingScans: 50 });
    expect(res.json.failed.map((f: { index: number; status: number }) => [f.index, f.status])).toEqual([[1, 402], [2, 402]]);
    const again = await api(door, buyerKey, 'POST', '/api/v1/codes/bulk', { codes }, { 'idempotency-key': `bulk-${slug}` });
    expect(again.json).toEqual(res.json);
    // With one more seat bought (a purchase adds the seat for the next code), the next one goes through.
    expect((await buyer.client.post('/api/purchase-qr-code', { name: 'Table 2', price: 3.49 })).status).toBe(200);
    // An item may start from one of the account's design templates; an unknown one refuses only that item.
    const template = (await buyer.client.post('/api/design-templates', { name: 'Tables', design: { foreground: '#1b5e20', dotStyle: 'dots' } })).json;
    const rest = await api(door, buyerKey, 'POST', '/api/v1/codes/bulk', {
      codes: [
        { ...codes[1], designTemplateId: template.id },
        { ...codes[2], designTemplateId: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expectMatchesDocument('POST', '/api/v1/codes/bulk', rest);
    expect(rest.json).toMatchObject({
      created: [{ index: 0, code: { design: { foreground: '#1b5e20', dotStyle: 'dots' } } }],
      failed: [{ index: 1, status: 400, fields: { designTemplateId: DESIGN_TEMPLATE_MESSAGES.notFound } }],
    });
    expect(await sql(system, 'SELECT 1 FROM qr.codes WHERE owner_id = $1', [buyer.user.id])).toHaveLength(2);

    const id = rest.json.created[0].code.id as string;
    const design = { foreground: '#1a237e', background: '#ffffff', errorCorrection: 'Q', margin: 2, dotStyle: 'rounded' };
    const designed = await api(door, buyerKey, 'PUT', `/api/v1/codes/${id}/design`, design);
    expect(designed.status).toBe(200);
    expect(designed.json.design).toMatchObject(design);
    expectMatchesDocument('PUT', '/api/v1/codes/{id}/design', designed);
    const unreadable = await api(door, buyerKey, 'PUT', `/api/v1/codes/${id}/design`, { ...design, foreground: '#fefefe' });
    expect(unreadable.status).toBe(400);
    // A read key cannot write; another account's key does not find the code.
    expect((await api(door, readKey, 'PUT', `/api/v1/codes/${id}/design`, design)).status).toBe(403);
    expect((await api(door, key, 'PUT', `/api/v1/codes/${id}/design`, design)).status).toBe(404);
  });

  it('matches the checked-in document and typed client (UPDATE_OPENAPI=1 regenerates them)', () => {
    const root = join(__dirname, '../../..');
    const documentFile = join(root, 'clients/openapi.json');
    const typesFile = join(root, 'clients/typescript/src/qrd-api.ts');
    const generate = (from: string, to: string) =>
      execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), [from, '-o', to], { stdio: 'pipe' });
    if (process.env.UPDATE_OPENAPI === '1') {
      writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);
      generate(documentFile, typesFile);
    }
    expect(JSON.parse(readFileSync(documentFile, 'utf8'))).toEqual(document);
    const fresh = join(mkdtempSync(join(tmpdir(), 'qrd-api-')), 'qrd-api.ts');
    generate(documentFile, fresh);
    expect(readFileSync(typesFile, 'utf8')).toBe(readFileSync(fresh, 'utf8'));
  });
});
