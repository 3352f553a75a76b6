// `npm run bench:dashboard`: how soon the dashboard of an account with 5,000 codes shows its first
// card in Chromium, through the front door `npm start` runs (tools/edge.mjs: the built web app,
// /api proxied to the gateway). Each load is cold (a new browser context: empty cache, a fresh
// session cookie); the median of BENCH_REPEAT (3) loads is reported with the requests and bytes
// sent before the first card, against a baseline in the same run: a static file from the same
// server (time to its load event).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { startEdge } from '../edge.mjs';
import { checkDependencies } from '../preflight.mjs';
import { ROOT } from '../system.mjs';
import { cleanUp, env, fail, freePort, loadText, log, machine, report, scratch, startSystem } from './bench-kit.mjs';

const CODES = Number(env.BENCH_CODES ?? 5000);
const REPEAT = Number(env.BENCH_REPEAT ?? 3);
const PASSWORD = 'Bench-password-1';
const CHROMIUM_PATH = env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let browserVersion = '';

/** Runs in the page before its own scripts: notes when the first code card is in the document. */
const FIRST_CARD_PROBE = `
  new MutationObserver((_, observer) => {
    if (window.__firstCard === undefined && document.querySelector('[role="article"]')) {
      window.__firstCard = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
`;

async function main() {
  await checkDependencies(env);
  const run = scratch('dashboard');
  let system;
  let edge;
  let browser;
  try {
    const webPort = await freePort();
    const base = `http://127.0.0.1:${webPort}`;
    let ports;
    ({ ports, system } = await startSystem(run, { base, extra: { RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000' } }));
    edge = await startEdge({ port: webPort, webRoot: join(ROOT, 'dist', 'apps', 'web'), gatewayPort: ports.GATEWAY_PORT, redirectPort: ports.REDIRECT_PORT });

    const user = await signUp(base);
    await seed(run.databaseUrl, user.id);
    log(`${CODES.toLocaleString('en-US')} codes seeded for ${user.username}`);

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    });
    browserVersion = browser.version();
    // One warm-up load (the services' first queries, the JIT), not counted.
    await loadDashboard(browser, base, user.username);
    const loads = [];
    const baselines = [];
    for (let i = 0; i < REPEAT; i += 1) {
      baselines.push(await loadStatic(browser, base));
      loads.push(await loadDashboard(browser, base, user.username));
      log(`load ${i + 1}: first card ${loads.at(-1).firstCardMs} ms, ${loads.at(-1).requests} requests (${loads.at(-1).scripts} scripts), ${kb(loads.at(-1).bytes)} before it; static file ${baselines.at(-1)} ms`);
    }
    await publish(loads, baselines);
  } finally {
    await browser?.close();
    await new Promise((resolve) => (edge ? edge.close(resolve) : resolve()));
    await system?.stop();
    await cleanUp(run);
  }
}

/** A new account through the API, paid with the test provider's card. */
async function signUp(base) {
  let cookie = '';
  const post = async (path, body) => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const set = res.headers.getSetCookie();
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
  const username = `bench${randomBytes(3).toString('hex')}`;
  const email = `${username}@example.com`;
  const setup = await post('/api/create-signup-payment-intent', { username, email, billingInterval: 'monthly' });
  await post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  const registered = await post('/api/register', { username, email, password: PASSWORD, billingInterval: 'monthly', stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId });
  const me = registered?.id ? registered : await (await fetch(`${base}/api/auth/user`, { headers: { cookie } })).json();
  return { id: me.id, username };
}

/** The codes straight into PostgreSQL, a minute apart, as if made over months. */
async function seed(databaseUrl, ownerId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `INSERT INTO qr.codes (slug, owner_id, name, destination, created_at, updated_at)
     SELECT 'b' || lpad(n::text, 6, '0'), $1, 'Code ' || n, 'https://example.com/menu/' || n, now() - n * interval '1 minute', now() - n * interval '1 minute'
     FROM generate_series(1, $2) n`,
    [ownerId, CODES],
  );
  await db.query('ANALYZE');
  await db.end();
}

/** A cold load of /dashboard, signed in: when the first card shows, and what was fetched before it. */
async function loadDashboard(browser, base, username) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  try {
    const login = await context.request.post('/api/login', { data: { username, password: PASSWORD }, headers: { origin: base } });
    if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
    await context.addInitScript(FIRST_CARD_PROBE);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.waitForFunction(() => window.__firstCard !== undefined, null, { timeout: 30_000 });
    return await page.evaluate(() => {
      const at = window.__firstCard;
      const navigation = performance.getEntriesByType('navigation')[0];
      const before = performance.getEntriesByType('resource').filter((entry) => entry.startTime < at);
      const all = [navigation, ...before];
      return {
        firstCardMs: Math.round(at),
        requests: all.length,
        scripts: before.filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name)).length,
        images: before.filter((entry) => entry.initiatorType === 'img').length,
        api: before.filter((entry) => new URL(entry.name).pathname.startsWith('/api/')).map((entry) => new URL(entry.name).pathname + new URL(entry.name).search),
        all: before.map((entry) => `${Math.round(entry.startTime)}-${Math.round(entry.responseEnd)} ${new URL(entry.name).pathname}${new URL(entry.name).search} ${entry.transferSize}`),
        bytes: all.reduce((sum, entry) => sum + (entry.transferSize || entry.encodedBodySize || 0), 0),
      };
    });
  } finally {
    await context.close();
  }
}

/** The baseline: a static file from the same server, cold, to its load event. */
async function loadStatic(browser, base) {
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    await page.goto('/favicon.svg');
    return Math.round(await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd));
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

async function publish(loads, baselines) {
  const m = machine();
  const firstCard = median(loads.map((l) => l.firstCardMs));
  const typical = loads.find((l) => l.firstCardMs === firstCard);
  const figures = {
    codes: CODES,
    loads: loads.length,
    firstCardMsMedian: firstCard,
    firstCardMs: loads.map((l) => l.firstCardMs),
    requestsBeforeFirstCard: median(loads.map((l) => l.requests)),
    scriptsBeforeFirstCard: median(loads.map((l) => l.scripts)),
    bytesBeforeFirstCard: median(loads.map((l) => l.bytes)),
    baselineStaticMsMedian: median(baselines),
    machine: m,
  };
  const date = new Date().toISOString().slice(0, 10);
  const markdown = [
    `Run ${date} on ${m.cpus} CPUs, Node ${m.node}, ${loadText(m.load)}; Chromium ${browserVersion}, 1280x800, ${CODES.toLocaleString('en-US')} codes, median of ${loads.length} cold loads through tools/edge.mjs.`,
    '',
    '| | median | loads |',
    '|---|---|---|',
    `| first card shown | **${firstCard} ms** | ${loads.map((l) => l.firstCardMs).join(', ')} ms |`,
    `| requests before it (scripts) | ${figures.requestsBeforeFirstCard} (${figures.scriptsBeforeFirstCard}) | ${loads.map((l) => `${l.requests} (${l.scripts})`).join(', ')} |`,
    `| bytes before it (transferred) | ${kb(figures.bytesBeforeFirstCard)} | ${loads.map((l) => kb(l.bytes)).join(', ')} |`,
    `| baseline: a static file, to its load event | ${figures.baselineStaticMsMedian} ms | ${baselines.join(', ')} ms |`,
    '',
    `API calls before the first card (median load): ${typical.api.map((p) => `\`${p}\``).join(', ') || 'none'}.`,
  ].join('\n');
  await report('dashboard', { ...figures, details: loads }, markdown, figures);
}

main()
  .catch(fail)
  .then(() => process.exit(0));
