import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { fits, OpenApiContract, OpenApiDocument, Operation } from './openapi-contract';
import { api, ApiResponse, createApiKey } from './public-api-fixtures';
import { Customer, subscribedCustomer } from './qr-fixtures';

const ROOT = join(__dirname, '../../..');
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The served OpenAPI document as strict OpenAPI 3.1 tools read it (Redocly's linter, the 3.1
 * schema, Ajv's strict JSON Schema 2020-12), and every /api/v1 operation's answers held to it.
 */
describe('/api/v1 against its OpenAPI 3.1 document, through nginx', () => {
  let system: TestSystem;
  let door: FrontDoor;
  let owner: Customer;
  let keys: { write: string; read: string; webhooksOnly: string; codesOnly: string };
  let codeId: string;
  let webhookId: string;
  let served: ApiResponse;
  let contract: OpenApiContract;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_API_KEY_PER_MINUTE: '100000' } });
    door = await startFrontDoor(system);
    owner = await subscribedCustomer(system);
    const limited = async (resources: string[]) => (await owner.client.post('/api/api-keys', { name: resources.join(' '), scope: 'write', resources })).json.key as string;
    keys = {
      write: (await createApiKey(owner.client, { scope: 'write' })).key,
      read: (await createApiKey(owner.client, { scope: 'read' })).key,
      webhooksOnly: await limited(['webhooks']),
      codesOnly: await limited(['codes']),
    };
    codeId = (await api(door, keys.write, 'POST', '/api/v1/codes', { name: 'Menu', destinationUrl: 'https://example.com/menu' })).json.id;
    webhookId = (await api(door, keys.write, 'POST', '/api/v1/webhooks', { url: 'https://hooks.example.com/qr', events: ['code.created'] })).json.id;
    served = await api(door, null, 'GET', '/api/v1/openapi.json');
    contract = new OpenApiContract(served.json as OpenApiDocument);
  }, 60_000);
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  /** The operation's path with this account's code or endpoint in it (or an unknown id). */
  function pathOf(template: string, id?: string): string {
    const own = template.startsWith('/api/v1/webhooks') ? webhookId : codeId;
    return template.replace('{id}', id ?? own).replace('{deliveryId}', UNKNOWN_ID);
  }
  const bodyOf = (operation: Operation) => (operation.requestBody ? {} : undefined);
  /** A key with write scope that may not reach this operation's resources. */
  const outsiderKey = (template: string) => (template.startsWith('/api/v1/webhooks') ? keys.codesOnly : keys.webhooksOnly);

  it('passes Redocly lint with no errors and the OpenAPI 3.1 schema; no 3.0 keyword is left', () => {
    expect(served.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'qrd-openapi-')), 'openapi.json');
    writeFileSync(file, served.text);
    const lint = spawnSync(join(ROOT, 'node_modules/.bin/redocly'), ['lint', file, '--format=json'], {
      encoding: 'utf8',
      timeout: 60_000,
      // Offline and quiet: no usage report, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as { totals: { errors: number }; problems: { ruleId: string; message: string }[] };
    expect({ errors: report.totals.errors, problems: report.problems.filter((p) => p.ruleId !== 'info-license').map((p) => `${p.ruleId}: ${p.message}`) }).toEqual({
      errors: 0,
      problems: [],
    });
    const schema = execFileSync('node', [join(ROOT, 'node_modules/@seriousme/openapi-schema-validator/bin/validate-api-cli.js'), file], { encoding: 'utf8' });
    expect(JSON.parse(schema)).toEqual({ valid: true });

    const document = served.json as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(served.text).not.toContain('"nullable"');
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(document.components.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(JSON.stringify(document.components.securitySchemes)).not.toContain('JWT');
    // Every component schema compiled under strict Ajv when the contract was made.
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(20);
  });

  it('answers 401 without a key or with a wrong one, and 403 to a key that may not use the route, on every operation', async () => {
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    for (const { method, template, operation } of contract.operations()) {
      const path = pathOf(template);
      const missing = await api(door, null, method, path, bodyOf(operation));
      const wrong = await api(door, `qrd_live_${'w'.repeat(32)}`, method, path, bodyOf(operation));
      const outsider = await api(door, outsiderKey(template), method, path, bodyOf(operation));
      for (const [res, status] of [[missing, 401], [wrong, 401], [outsider, 403]] as const) {
        answers.push({ status: res.status, ...contract.check(method, template, res) });
        expected.push({ status, ...fits(method, template, res) });
      }
      expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="api"');
      expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer realm="api", error="invalid_token", error_description="[^"]+"$/);
      expect(outsider.headers.get('www-authenticate')).toMatch(/^Bearer realm="api", error="insufficient_scope", error_description="[^"]+", scope="\w+"$/);
      if (method !== 'GET') {
        const reader = await api(door, keys.read, method, path, bodyOf(operation));
        answers.push({ status: reader.status, ...contract.check(method, template, reader) });
        expected.push({ status: 403, ...fits(method, template, reader) });
        expect(reader.headers.get('www-authenticate')).toContain('scope="write"');
      }
    }
    expect(answers).toEqual(expected);
  });

  it('answers 200 with an ETag and then 304 for it on every GET that declares one, and 404 for an unknown id', async () => {
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    const conditional = contract.operations().filter(({ method, operation }) => method === 'GET' && operation.responses['304']);
    expect(conditional.map(({ operation }) => operation.operationId).sort()).toEqual(
      ['getAccountAnalytics', 'getCode', 'getCodeAnalytics', 'getCodeImage', 'listCodes', 'listWebhookDeliveries', 'listWebhooks'].sort(),
    );
    for (const { method, template } of conditional) {
      const query = template.endsWith('/image') ? '?size=128' : '';
      const first = await api(door, keys.write, method, `${pathOf(template)}${query}`);
      const again = await api(door, keys.write, method, `${pathOf(template)}${query}`, undefined, { 'if-none-match': first.headers.get('etag') ?? '' });
      for (const [res, status] of [[first, 200], [again, 304]] as const) {
        answers.push({ status: res.status, ...contract.check(method, template, res) });
        expected.push({ status, ...fits(method, template, res) });
      }
    }
    for (const { method, template, operation } of contract.operations().filter(({ template }) => template.includes('{id}'))) {
      const res = await api(door, keys.write, method, pathOf(template, UNKNOWN_ID), operation.requestBody ? validBody(operation.operationId) : undefined);
      answers.push({ status: res.status, ...contract.check(method, template, res) });
      expected.push({ status: 404, ...fits(method, template, res) });
    }
    expect(answers).toEqual(expected);
  });

  it('answers 413 to a body over 100 KB, 400 to one that is not JSON and 415 to one not in UTF-8, on every operation that takes a body', async () => {
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    const send = async (method: string, path: string, body: string, type: string) =>
      asAnswer(await fetch(`${door.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${keys.write}`, 'content-type': type }, body }));
    for (const { method, template, operation } of contract.operations().filter(({ operation }) => operation.requestBody)) {
      const big = await api(door, keys.write, method, pathOf(template), { name: 'x'.repeat(150_000) });
      const broken = await send(method, pathOf(template), '{"name": ', 'application/json');
      const latin = await send(method, pathOf(template), '{"name": "caf\u00e9"}', 'application/json; charset=iso-8859-1');
      for (const [res, status] of [[big, 413], [broken, 400], [latin, 415]] as const) {
        answers.push({ status: res.status, ...contract.check(method, template, res) });
        expected.push({ status, ...fits(method, template, res) });
      }
      expect(operation.responses['413']).toBeDefined();
    }
    expect(answers).toEqual(expected);
  });

  // Last: it uses up this address's allowance of wrong keys for the minute.
  it('answers 429 with Retry-After once an address has sent too many wrong keys, on every operation', async () => {
    let res: ApiResponse;
    let sent = 0;
    do {
      res = await api(door, `qrd_live_${String(sent).padStart(32, 'g')}`, 'GET', '/api/v1/codes');
      sent++;
    } while (res.status === 401 && sent < 100);
    expect(res.status).toBe(429);
    const answers: unknown[] = [];
    const expected: unknown[] = [];
    for (const { method, template, operation } of contract.operations()) {
      const limited = await api(door, `qrd_live_${'z'.repeat(32)}`, method, pathOf(template), bodyOf(operation));
      answers.push({ status: limited.status, ...contract.check(method, template, limited) });
      expected.push({ status: 429, ...fits(method, template, limited) });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    }
    expect(answers).toEqual(expected);
  });
});

async function asAnswer(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** A body that passes validation, so an unknown id is what the answer is about. */
function validBody(operationId: string): unknown {
  switch (operationId) {
    case 'updateCodeDesign':
      return { foreground: '#000000', background: '#ffffff', errorCorrection: 'M', margin: 4, dotStyle: 'square' };
    case 'updateWebhook':
      return { enabled: true };
    default:
      return {};
  }
}
