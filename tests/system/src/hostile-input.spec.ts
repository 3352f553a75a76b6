import { newUser, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';

/** Nothing a caller sends may surface the server's insides. */
const LEAKS = [/\n\s+at \S+ \(/, /\bat (Object|Function|async) /, /node_modules/, /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/, /QueryFailedError|TypeORM|TypeError|ReferenceError|SyntaxError: Unexpected/];

type Case = { name: string; body: Buffer | string; expect: (status: number) => boolean; why: string };

const json = (value: unknown) => JSON.stringify(value);
let deep = '"x"';
for (let i = 0; i < 40; i++) deep = `{"a":${deep}}`;
const TEXT_FIELDS = ['name', 'username', 'email', 'password', 'currentPassword', 'newPassword', 'firstName', 'lastName', 'message', 'subject', 'destinationUrl', 'url', 'path', 'token', 'ticket', 'code'];

const CASES: Case[] = [
  { name: 'a JSON body over 100 KB', body: json({ name: 'a'.repeat(150_000) }), expect: (s) => s === 413, why: '413' },
  { name: 'JSON nested 40 levels deep', body: deep, expect: (s) => s === 400, why: '400' },
  { name: 'a __proto__ key', body: '{"__proto__":{"polluted":true},"name":"x"}', expect: (s) => s === 400, why: '400' },
  { name: 'a constructor.prototype key', body: '{"constructor":{"prototype":{"polluted":true}},"name":"x"}', expect: (s) => s === 400, why: '400' },
  { name: 'invalid UTF-8', body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}')]), expect: (s) => s === 400, why: '400' },
  { name: 'malformed JSON', body: '{"name":', expect: (s) => s === 400, why: '400' },
  {
    name: 'NUL and control characters in every text field',
    body: json(Object.fromEntries(TEXT_FIELDS.map((field) => [field, `a\u0000b\u0007c`]))),
    expect: (s) => s >= 400 && s < 500,
    why: 'a 4xx',
  },
];

describe('hostile input: no request makes any route answer 5xx or show its insides', () => {
  let system: TestSystem;
  let cookie: string;
  /** The public API (/api/v1) takes an API key instead of the session: a write key reaches every route. */
  let apiKey: string;
  let routes: string[];

  beforeAll(async () => {
    system = await TestSystem.start({ env: { RATE_LIMIT_SIGNUP_PER_HOUR: '100000', RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '100000', RATE_LIMIT_AVAILABILITY_PER_MINUTE: '100000', RATE_LIMIT_PAGE_VISITS_PER_MINUTE: '100000', RATE_LIMIT_REPORTS_PER_HOUR: '100000' } });
    const client = await signIn(system, await newUser(system, { role: 'superadmin' }));
    cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const key = await client.post('/api/api-keys', { name: 'Hostile input', scope: 'write' });
    apiKey = key.json.key as string;
    const express = system.apps.get('gateway')?.getHttpAdapter().getInstance() as {
      router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
    };
    routes = express.router.stack
      .filter((layer) => layer.route?.path.startsWith('/api/'))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`))
      .filter((route) => !route.endsWith('/api/logout'));
  }, 60_000);
  afterAll(() => system?.stop());

  async function send(method: string, path: string, body?: Buffer | string, contentType = 'application/json') {
    const res = await fetch(`${system.url('gateway')}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie,
        authorization: `Bearer ${apiKey}`,
        origin: new URL(system.config.publicBaseUrl).origin,
        ...(body !== undefined ? { 'content-type': contentType } : {}),
      },
      body,
    });
    return { status: res.status, text: await res.text() };
  }

  const concrete = (template: string) => template.replace(/:id\b/, '0b7c9f8e-0000-4000-8000-000000000000').replace(/:token\b/, 'no-such-token');

  it.each(CASES)('answers $name with $why on every route that takes a body, and never a 5xx', async ({ body, expect: fits }) => {
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ');
      if (method === 'GET' || method === 'HEAD' || template.endsWith('/logo') || template.includes('webhooks')) continue;
      const res = await send(method, concrete(template), body);
      if (res.status >= 500 || !fits(res.status) || LEAKS.some((leak) => leak.test(res.text))) wrong.push(`${route} -> ${res.status} ${res.text.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers malformed percent-encoding in any path with 400 or 404', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      const [method, template] = route.split(' ');
      const path = template.includes(':') ? template.replace(/:(id|token)\b/, '%E0%A4%A') : `${template}/%zz`;
      const res = await send(method, path, method === 'GET' ? undefined : '{}');
      if (![400, 404].includes(res.status) || LEAKS.some((leak) => leak.test(res.text))) wrong.push(`${method} ${path} -> ${res.status} ${res.text.slice(0, 120)}`);
    }
    for (const path of ['/api/%', '/api/qrcodes/%E0%A4%A/analytics']) {
      const res = await send('GET', path);
      if (![400, 404].includes(res.status)) wrong.push(`GET ${path} -> ${res.status}`);
    }
    const redirect = await fetch(`${system.url('redirect')}/r/%E0%A4%A`, { redirect: 'manual' });
    if (![400, 404].includes(redirect.status)) wrong.push(`GET /r/%E0%A4%A -> ${redirect.status}`);
    expect(wrong).toEqual([]);
  });
});
