// `npm run soak -- --minutes 10`: the whole system as `npm start` runs it (built services as plain
// processes, on free ports, with a database and Redis prefix of the run's own), under steady mixed
// load: scans of known codes, and signed-in customers buying seats, creating, editing and deleting
// codes (purchases and creations paced by the gateway's limit of 30 seats an hour per customer). Each service's memory (from its /metrics) is read at the start, after the warm-up and at
// the end, with its event-loop delay p99 and every error. Ends with one JSON line; exits non-zero
// when a service's resident memory grew by 10% or more after the warm-up, or on any 5xx or failed
// request. Not part of CI: the figures of a run belong in RELIABILITY.md ("Soak").
//
// Options: --minutes N (10), --warmup-minutes N (a fifth of the run, 0.5 to 2), --scans-per-second N
// (100), --customers N (5).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { checkDependencies } from '../preflight.mjs';
import { ROOT, SERVICES, startServices } from '../system.mjs';
import { adminQuery, cleanUp, env, freePort, log, machine, numberArg, redisUrl, scratch } from '../bench/bench-kit.mjs';

const MINUTES = numberArg('minutes', 10);
const WARMUP_MINUTES = numberArg('warmup-minutes', Math.min(2, Math.max(0.5, MINUTES / 5)));
const SCANS_PER_SECOND = numberArg('scans-per-second', 100);
const CUSTOMERS = numberArg('customers', 5);
/** How often each service's /metrics is read. */
const SAMPLE_MS = 10_000;
/** Resident memory may grow by less than this after the warm-up. */
const MAX_GROWTH = 0.1;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

if (WARMUP_MINUTES >= MINUTES) {
  process.stderr.write(`--warmup-minutes (${WARMUP_MINUTES}) must be shorter than --minutes (${MINUTES})\n`);
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What went wrong, by kind; a 5xx or a request that got no answer fails the run. */
const tally = { requests: 0, byStatus: {}, serverErrors: 0, failed: 0, unexpected: 0, examples: [] };

function note(kind, detail) {
  if (tally.examples.length < 20) tally.examples.push(`${kind}: ${detail}`);
}

/** Counts an answer; `expected` is the status the step should get. */
function count(method, path, status, expected, body = '') {
  tally.requests++;
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1;
  if (status >= 500) {
    tally.serverErrors++;
    note('5xx', `${method} ${path} answered ${status} ${body.slice(0, 200)}`);
  } else if (status !== expected) {
    tally.unexpected++;
    note('unexpected', `${method} ${path} answered ${status} (expected ${expected}) ${body.slice(0, 200)}`);
  }
}

/** A signed-in customer's browser: the session cookie, our Origin on writes. */
function customerClient(base, origin) {
  let cookie = '';
  return async function call(method, path, body, expected = 200, headers = {}) {
    let res;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { cookie, origin, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
    } catch (error) {
      tally.requests++;
      tally.failed++;
      note('no answer', `${method} ${path}: ${error.cause?.code ?? error.message}`);
      return null;
    }
    const set = res.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    count(method, path.replace(/[0-9a-f-]{36}/g, ':id'), res.status, expected, text);
    if (res.status !== expected) return null;
    return text ? JSON.parse(text) : {};
  };
}

async function signUp(call) {
  const username = `soak${randomBytes(4).toString('hex')}`;
  const email = `${username}@example.com`;
  const setup = await call('POST', '/api/create-signup-payment-intent', { username, email, billingInterval: 'monthly' });
  if (!setup) throw new Error('signup could not start');
  if (!(await call('POST', '/api/test-payments/confirm', { clientSecret: setup.clientSecret, ...CARD }))) throw new Error('signup payment failed');
  const details = { username, email, password: 'Soak-password-1', billingInterval: 'monthly' };
  const registered = await call('POST', '/api/register', { ...details, stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId }, 201);
  if (!registered) throw new Error('signup could not register the account');
  for (let i = 0; i < 100; i++) {
    const sub = await call('GET', '/api/subscription');
    if (sub?.status === 'active') return;
    await sleep(100);
  }
  throw new Error('the subscription did not become active');
}

/** The customers' codes that scans may hit: known, active codes. */
const liveSlugs = [];

/** A customer may buy 30 seats an hour (the gateway's limit): one every 130 s stays below it. */
const PURCHASE_EVERY_MS = 130_000;

/**
 * One customer's steady writes: a seat bought and a code created on it every PURCHASE_EVERY_MS
 * (the oldest code deleted beyond four, which gives its seat back), and in between, about every
 * two seconds, a destination changed and the list of codes read.
 */
async function customerLoop(call, price, first, until) {
  const mine = [first];
  let n = 0;
  let lastPurchase = Date.now() - PURCHASE_EVERY_MS * Math.random();
  while (Date.now() < until) {
    if (Date.now() - lastPurchase >= PURCHASE_EVERY_MS) {
      lastPurchase = Date.now();
      n++;
      const bought = await call('POST', '/api/purchase-qr-code', { name: `Soak ${n}`, price }, 200, { 'idempotency-key': randomUUID() });
      const code = bought && (await call('POST', '/api/qrcodes', { name: `Soak ${n}`, destinationUrl: `https://example.com/soak/${n}` }, 201));
      if (code) {
        mine.push(code);
        liveSlugs.push(code.slug);
      }
      if (mine.length > 4) {
        const old = mine.shift();
        const at = liveSlugs.indexOf(old.slug);
        if (at >= 0) liveSlugs.splice(at, 1);
        await call('DELETE', `/api/qrcodes/${old.id}`, undefined, 204);
      }
    }
    const code = mine[Math.floor(Math.random() * mine.length)];
    if (code) await call('PATCH', `/api/qrcodes/${code.id}`, { destinationUrl: `https://example.com/soak/${code.slug}?v=${Date.now()}` });
    await sleep(1000);
    await call('GET', '/api/qrcodes');
    await sleep(1000);
  }
}

/** Scans of known codes at a steady rate (a phone following the short link: the 302 is the answer). */
async function scanLoop(redirectBase, until) {
  const everyMs = 1000 / SCANS_PER_SECOND;
  let next = Date.now();
  const inFlight = new Set();
  while (Date.now() < until) {
    const slug = liveSlugs[Math.floor(Math.random() * liveSlugs.length)];
    if (slug) {
      const p = fetch(`${redirectBase}/r/${slug}`, { redirect: 'manual', headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1' } })
        .then(async (res) => {
          await res.arrayBuffer();
          // A code deleted meanwhile answers 404: not an error.
          count('GET', '/r/{slug}', res.status, res.status === 404 ? 404 : 302);
        })
        .catch((error) => {
          tally.requests++;
          tally.failed++;
          note('no answer', `GET /r/${slug}: ${error.cause?.code ?? error.message}`);
        })
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    next += everyMs;
    const wait = next - Date.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -1000) next = Date.now(); // behind by a second: do not burst to catch up
  }
  await Promise.all(inFlight);
}

function parseMetrics(text) {
  const series = new Map();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (match) series.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return series;
}

/** Memory and event-loop delay of every service, from its /metrics. */
async function sample(ports) {
  const at = Date.now();
  const result = {};
  for (const service of SERVICES) {
    try {
      const metrics = parseMetrics(await (await fetch(`http://127.0.0.1:${ports[service.portEnv]}/metrics`)).text());
      result[service.name] = {
        at,
        rss: metrics.get('process_resident_memory_bytes'),
        heapUsed: metrics.get('nodejs_heap_size_used_bytes'),
        eventLoopP99: metrics.get('nodejs_eventloop_lag_p99_seconds'),
      };
    } catch (error) {
      result[service.name] = { at, error: error.message };
      tally.failed++;
      note('metrics', `${service.name}: ${error.message}`);
    }
  }
  return result;
}

const mb = (bytes) => (bytes === undefined ? null : Math.round((bytes / 1048576) * 10) / 10);
const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : undefined;
};

async function main() {
  await checkDependencies(env);
  const run = scratch('soak');
  let system;
  const errorLines = [];
  try {
    const ports = {};
    for (const service of SERVICES) ports[service.portEnv] = await freePort();
    const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
    const childEnv = {
      ...env,
      NODE_ENV: 'production',
      BILLING_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      DATABASE_URL: run.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: run.prefix,
      PUBLIC_BASE_URL: gateway,
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: join(ROOT, 'tmp', 'soak', 'outbox'),
      RATE_LIMIT_SIGNUP_PER_HOUR: '1000',
      RATE_LIMIT_AVAILABILITY_PER_MINUTE: '100000',
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    };
    await adminQuery(`CREATE DATABASE ${run.dbName}`);
    log(`soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES} min), ${SCANS_PER_SECOND} scans/s, ${CUSTOMERS} customers; starting the services ...`);
    system = await startServices(childEnv, {
      onOutput: (name, chunk) => {
        for (const line of String(chunk).split('\n')) {
          // pino: 50 = error, 60 = fatal.
          if (/"level":(50|60)/.test(line) && errorLines.length < 50) errorLines.push(`${name}: ${line.slice(0, 400)}`);
        }
      },
      onExit: (name, code, signal) => {
        tally.failed++;
        note('exit', `${name} stopped (${signal ?? code})`);
      },
    });

    const samples = [await sample(ports)];
    const started = Date.now();
    const warmEnd = started + WARMUP_MINUTES * 60_000;
    const until = started + MINUTES * 60_000;
    const config = await (await fetch(`${gateway}/api/config`)).json();
    const price = config.prices.monthly.unitAmountCents / 100;

    const customers = [];
    for (let i = 0; i < CUSTOMERS; i++) {
      const call = customerClient(gateway, gateway);
      await signUp(call);
      // The first code takes the seat that came with the subscription.
      const first = await call('POST', '/api/qrcodes', { name: 'Menu', destinationUrl: 'https://example.com/menu' }, 201);
      if (!first) throw new Error('a new customer could not create a code');
      liveSlugs.push(first.slug);
      customers.push({ call, first });
    }
    log(`soak: ${CUSTOMERS} customers signed up; load running until ${new Date(until).toISOString()}`);

    let afterWarmup;
    const sampler = (async () => {
      while (Date.now() < until) {
        await sleep(Math.min(SAMPLE_MS, Math.max(0, until - Date.now())));
        const s = await sample(ports);
        samples.push(s);
        if (!afterWarmup && Date.now() >= warmEnd) {
          afterWarmup = samples.length - 1;
          log(`soak: warm-up done (${tally.requests} requests so far)`);
        }
      }
    })();
    await Promise.all([scanLoop(`http://127.0.0.1:${ports.REDIRECT_PORT}`, until), ...customers.map(({ call, first }) => customerLoop(call, price, first, until)), sampler]);
    const elapsed = (Date.now() - started) / 1000;

    // Start, after warm-up and end; the latter two as the median of three samples (GC makes one noisy).
    const warmIndex = afterWarmup ?? 1;
    const services = {};
    let grewTooMuch = false;
    for (const { name } of SERVICES) {
      const around = (from, to) => samples.slice(Math.max(0, from), to).map((s) => s[name]);
      const warm = around(warmIndex - 1, warmIndex + 2);
      const end = around(samples.length - 3, samples.length);
      const rssWarm = median(warm.map((s) => s.rss));
      const rssEnd = median(end.map((s) => s.rss));
      const growth = rssWarm && rssEnd ? (rssEnd - rssWarm) / rssWarm : null;
      if (growth === null || growth >= MAX_GROWTH) grewTooMuch = true;
      const p99s = samples.slice(warmIndex).map((s) => s[name].eventLoopP99).filter((v) => v !== undefined);
      services[name] = {
        rssStartMb: mb(samples[0][name].rss),
        rssAfterWarmupMb: mb(rssWarm),
        rssEndMb: mb(rssEnd),
        rssGrowthPct: growth === null ? null : Math.round(growth * 1000) / 10,
        heapUsedStartMb: mb(samples[0][name].heapUsed),
        heapUsedAfterWarmupMb: mb(median(warm.map((s) => s.heapUsed))),
        heapUsedEndMb: mb(median(end.map((s) => s.heapUsed))),
        eventLoopP99MaxMs: p99s.length ? Math.round(Math.max(...p99s) * 10000) / 10 : null,
        eventLoopP99MedianMs: p99s.length ? Math.round(median(p99s) * 10000) / 10 : null,
      };
    }

    const pass = !grewTooMuch && tally.serverErrors === 0 && tally.failed === 0;
    const table = [
      '| service | RSS start | after warm-up | end | growth | heap used start / warm / end | event-loop p99 max (median) |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...Object.entries(services).map(
        ([name, s]) =>
          `| ${name} | ${s.rssStartMb} MB | ${s.rssAfterWarmupMb} MB | ${s.rssEndMb} MB | ${s.rssGrowthPct}% | ${s.heapUsedStartMb} / ${s.heapUsedAfterWarmupMb} / ${s.heapUsedEndMb} MB | ${s.eventLoopP99MaxMs} ms (${s.eventLoopP99MedianMs} ms) |`,
      ),
    ].join('\n');
    log(`\n${table}\n`);
    log(`requests: ${tally.requests} in ${Math.round(elapsed)} s; by status ${JSON.stringify(tally.byStatus)}; 5xx ${tally.serverErrors}; no answer ${tally.failed}; unexpected 4xx ${tally.unexpected}; error log lines ${errorLines.length}`);
    for (const example of tally.examples) log(`  ${example}`);
    for (const line of errorLines.slice(0, 10)) log(`  log: ${line}`);

    const result = {
      soak: pass ? 'pass' : 'fail',
      minutes: MINUTES,
      warmupMinutes: WARMUP_MINUTES,
      scansPerSecond: SCANS_PER_SECOND,
      customers: CUSTOMERS,
      machine: machine(),
      requests: tally.requests,
      requestsPerSecond: Math.round(tally.requests / elapsed),
      byStatus: tally.byStatus,
      serverErrors: tally.serverErrors,
      noAnswer: tally.failed,
      unexpected4xx: tally.unexpected,
      errorLogLines: errorLines.length,
      services,
    };
    await mkdir(join(ROOT, 'tmp', 'soak'), { recursive: true });
    await writeFile(join(ROOT, 'tmp', 'soak', 'soak.json'), `${JSON.stringify({ ...result, samples, examples: tally.examples, errorLines }, null, 2)}\n`);
    if (grewTooMuch) log(`FAIL: resident memory grew by ${MAX_GROWTH * 100}% or more after the warm-up`);
    if (tally.serverErrors || tally.failed) log('FAIL: server errors or requests without an answer');
    log(JSON.stringify(result));
    process.exitCode = pass ? 0 : 1;
  } finally {
    await system?.stop();
    await cleanUp(run);
  }
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${error.stack ?? error.message}\n`);
  process.exit(1);
});
