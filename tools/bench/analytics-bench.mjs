// `npm run bench:analytics -- --scans N` (default 1,000,000; the target is measured with --scans
// 10000000, whose seeding takes hours on a busy 2-core machine): one account with 1,000 codes, one of
// them with N/10 scans, over 400 days; then p50/p95 through the gateway of that code's analytics
// (7, 30, 90 and 366 days; UTC and Asia/Kolkata) and of the account's, against a baseline in the
// same run: the gateway's cheapest signed-in request (GET /api/auth/user).
// Seeding 10,000,000 scans takes long on a small machine: BENCH_KEEP_DB=1 keeps the seeded
// database and writes what a later run needs to tmp/bench/analytics-db.json; BENCH_REUSE_DB=<that
// file> measures again on it (after migrating it with the build under test), e.g. to compare builds.
// BENCH_REPLICA_URL=postgres://...@host:port names a streaming replica of the database's server: the
// analytics then read it (ANALYTICS_DATABASE_URL, the run's database name put in the URL), as in
// production with a read replica (docs/scaling.md "PostgreSQL").
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { checkDependencies } from '../preflight.mjs';
import { entryOf, ROOT, runNode, startServices } from '../system.mjs';
import { adminQuery, cleanUp, env, fail, freePort, loadText, log, machine, numberArg, percentile, redisUrl, report, scratch } from './bench-kit.mjs';

const reused = env.BENCH_REUSE_DB ? JSON.parse(await readFile(env.BENCH_REUSE_DB, 'utf8')) : null;
const SCANS = reused?.scans ?? numberArg('scans', 1_000_000);
const PASSWORD = 'Bench-password-1';
const CODES = 1000;
const DAYS = 400;
const REPEAT = Number(env.BENCH_REPEAT ?? 15);
const DAY_MS = 24 * 3600 * 1000;

async function main() {
  await checkDependencies(env);
  const fresh = scratch('analytics');
  const run = reused ? { ...fresh, dbName: reused.dbName, databaseUrl: reused.databaseUrl } : fresh;
  const keep = Boolean(reused || env.BENCH_KEEP_DB);
  let system;
  try {
    const ports = { GATEWAY_PORT: await freePort(), AUTH_PORT: await freePort(), QR_PORT: await freePort(), BILLING_PORT: await freePort(), REDIRECT_PORT: await freePort() };
    const base = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
    const childEnv = {
      ...env,
      NODE_ENV: 'production',
      BILLING_PROVIDER: 'test',
      ALLOW_TEST_PAYMENTS: 'true',
      SESSION_SECRET: randomBytes(24).toString('hex'),
      DATABASE_URL: run.databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: run.prefix,
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'warn',
      MAIL_OUTBOX_DIR: join(ROOT, 'tmp', 'bench', 'outbox'),
      ...(env.BENCH_REPLICA_URL ? { ANALYTICS_DATABASE_URL: onDatabase(env.BENCH_REPLICA_URL, run.dbName) } : {}),
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
    };
    if (!reused) await adminQuery(`CREATE DATABASE ${run.dbName}`);
    for (const service of ['auth-service', 'qr-service', 'billing-service']) await runNode(entryOf(service), ['migrate'], childEnv);
    system = await startServices(childEnv, { onOutput: () => undefined });
    const api = client(base);
    let heavy = reused?.heavy;
    if (reused) {
      await api.post('/api/login', { username: reused.username, password: PASSWORD });
    } else {
      const user = await signUp(api);
      heavy = await seed(run.databaseUrl, user.id);
      if (keep) {
        const saved = { dbName: run.dbName, databaseUrl: run.databaseUrl, username: user.username, heavy, scans: SCANS };
        await mkdir(join(ROOT, 'tmp', 'bench'), { recursive: true });
        await writeFile(join(ROOT, 'tmp', 'bench', 'analytics-db.json'), JSON.stringify(saved, null, 2));
        log(`seeded database kept: BENCH_REUSE_DB=tmp/bench/analytics-db.json measures on it again (drop ${run.dbName} when done)`);
      }
    }
    await measure(api, heavy);
  } finally {
    await system?.stop();
    await cleanUp(keep ? { ...run, dbName: null } : run);
  }
}

/** `url` (a server) with `database` as its path. */
function onDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A browser-like client: keeps the session cookie, sends our Origin on writes. */
function client(base) {
  let cookie = '';
  const call = async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  return { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
}

async function signUp(api) {
  const username = `bench${randomBytes(3).toString('hex')}`;
  const details = { username, email: `${username}@example.com`, password: PASSWORD, billingInterval: 'monthly' };
  const setup = await api.post('/api/create-signup-payment-intent', { username, email: details.email, billingInterval: 'monthly' });
  await api.post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  await api.post('/api/register', { ...details, stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId });
  return { id: (await api.get('/api/auth/user')).id, username };
}

/** Codes and scans straight into PostgreSQL, rollups built by the same SQL the service uses for bulk rebuilds. */
async function seed(databaseUrl, ownerId) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const started = Date.now();
  const codes = (
    await db.query(
      `INSERT INTO qr.codes (slug, owner_id, name, destination)
       SELECT substr(md5(random()::text), 1, 7), $1, 'Code ' || n, 'https://example.com/' || n FROM generate_series(1, $2) n
       RETURNING id`,
      [ownerId, CODES],
    )
  ).rows.map((r) => r.id);
  const heavy = codes[0];
  const now = Date.now();
  const first = new Date(now - DAYS * DAY_MS);
  for (let m = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1)); m.getTime() <= now + 31 * DAY_MS; m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))) {
    const month = m.toISOString().slice(0, 7);
    const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
    const name = `scan_rows_${month.replace('-', '_')}`;
    await db.query(`CREATE TABLE IF NOT EXISTS qr.${name} PARTITION OF qr.scan_rows FOR VALUES FROM ('${month}-01 00:00:00+00') TO ('${next}-01 00:00:00+00')`);
    await db.query(`CREATE UNIQUE INDEX IF NOT EXISTS ${name}_scan_key ON qr.${name} (scan_id) WITH (fillfactor = 100)`);
  }
  // Written wide into a scratch table, then stored as the migration that made raw scans compact stores them.
  await db.query(`CREATE UNLOGGED TABLE seed (LIKE qr.scans)`);
  log(`seeding ${SCANS.toLocaleString('en-US')} scans over ${DAYS} days (${(SCANS / 10).toLocaleString('en-US')} on one code) ...`);
  const chunk = 1_000_000;
  for (let done = 0; done < SCANS; done += chunk) {
    const size = Math.min(chunk, SCANS - done);
    await db.query(
      `INSERT INTO seed (scan_id, code_id, owner_id, scanned_at, is_bot, bot_reason, method, device, os, browser, country, region, city, referrer, language, visitor_hash)
       SELECT gen_random_uuid(),
              CASE WHEN n % 10 = 0 THEN $1::uuid ELSE ($2::uuid[])[1 + (n % ($3 - 1))] END,
              $4::uuid,
              $5::timestamptz + random() * ($6::timestamptz - $5::timestamptz),
              bot, CASE WHEN bot THEN 'user-agent' END, 'GET',
              (ARRAY['mobile','mobile','mobile','tablet','desktop'])[1 + (n % 5)],
              (ARRAY['iOS','Android','Android','Windows','macOS','Linux'])[1 + (n % 6)],
              (ARRAY['Mobile Safari','Mobile Chrome','Chrome','Samsung Internet','Firefox','Edge'])[1 + (n % 7 % 6)],
              c.country, c.country || '-' || (n % 20), c.country || '-city-' || (n % 150),
              (ARRAY[NULL,NULL,'www.instagram.com','t.co','www.facebook.com','l.wl.co'])[1 + (n % 11 % 6)],
              (ARRAY['en-US','de-DE','fr-FR','es-ES','hi-IN','ja-JP'])[1 + (n % 13 % 6)],
              md5((n % 4000)::text || ':' || (n % 17))
       FROM generate_series($7::bigint, $8::bigint) n
       CROSS JOIN LATERAL (SELECT n % 97 < 3 AS bot, (ARRAY['US','GB','DE','IN','FR','BR','NP','JP','CA','AU'])[1 + (n % 10)] AS country) c`,
      [heavy, codes.slice(1), CODES, ownerId, first.toISOString(), new Date(now).toISOString(), done, done + size - 1],
    );
    log(`  ${(done + size).toLocaleString('en-US')} raw scans`);
  }
  for (const [table, key] of [
    ['scan_agents', 'jsonb_build_array(is_bot, bot_reason, method, device, os, browser)'],
    ['scan_places', 'jsonb_build_array(country, region, city)'],
    ['scan_contexts', 'jsonb_build_array(referrer, language, variant, rule, source)'],
  ]) {
    await db.query(`INSERT INTO qr.${table} (key) SELECT DISTINCT ${key} FROM seed ON CONFLICT DO NOTHING`);
  }
  await db.query(
    `INSERT INTO qr.scan_rows (scanned_at, scan_id, visitor, code, agent, place, context)
     SELECT s.scanned_at, s.scan_id, qr.visitor_key(s.visitor_hash), c.scan_key, a.id, p.id, x.id
     FROM seed s JOIN qr.codes c ON c.id = s.code_id
     JOIN qr.scan_agents a ON a.key = jsonb_build_array(s.is_bot, s.bot_reason, s.method, s.device, s.os, s.browser)
     JOIN qr.scan_places p ON p.key = jsonb_build_array(s.country, s.region, s.city)
     JOIN qr.scan_contexts x ON x.key = jsonb_build_array(s.referrer, s.language, s.variant, s.rule, s.source)
     ORDER BY s.scanned_at`,
  );
  await db.query(`DROP TABLE seed`);
  const module = await import(pathToFileURL(join(ROOT, 'dist', 'apps', 'qr-service', 'apps', 'qr-service', 'src', 'scans', 'rollup-rebuild.js')).href);
  const rollUpStoredScans = module.rollUpStoredScans ?? module.default.rollUpStoredScans;
  log('building rollups ...');
  await db.query('BEGIN');
  await rollUpStoredScans((text) => db.query(text));
  await db.query(
    `INSERT INTO qr.code_stats (code_id, owner_id, scans, bot_scans, last_scan_at)
     SELECT code_id, owner_id, count(*) FILTER (WHERE NOT is_bot), count(*) FILTER (WHERE is_bot), max(scanned_at) FILTER (WHERE NOT is_bot)
     FROM qr.scans GROUP BY 1, 2`,
  );
  await db.query('COMMIT');
  await seedConversions(db, heavy);
  await db.query('ANALYZE');
  log(`seeded in ${Math.round((Date.now() - started) / 1000)}s`);
  await db.end();
  return heavy;
}

/**
 * Conversions of the measured code (docs/conversions.md): a lead for one human scan in 50 and a sale
 * for one in 100 (in EUR or USD, on A/B variants), so its analytics read them as a customer's would.
 */
async function seedConversions(db, heavy) {
  const { rows } = await db.query(
    `INSERT INTO qr.conversions (owner_id, code_id, scan_id, scanned_at, variant, kind, external_id, amount_minor, currency, source)
     SELECT owner_id, code_id, scan_id, scanned_at, v.variant, k.kind, k.kind || '-' || scan_id,
            CASE WHEN k.kind = 'sale' THEN 500 + abs(hashtext(scan_id::text)) % 20000 END,
            CASE WHEN k.kind = 'sale' THEN (ARRAY['EUR','USD'])[1 + abs(hashtext(scan_id::text)) % 2] END, 'api'
     FROM qr.scans
     CROSS JOIN LATERAL (SELECT (ARRAY['A','B'])[1 + abs(hashtext(scan_id::text || 'v')) % 2] AS variant) v
     CROSS JOIN LATERAL (VALUES ('lead'), ('sale')) k(kind)
     WHERE code_id = $1 AND NOT is_bot AND abs(hashtext(scan_id::text)) % (CASE WHEN k.kind = 'lead' THEN 50 ELSE 100 END) = 0
     RETURNING 1`,
    [heavy],
  );
  log(`  ${rows.length.toLocaleString('en-US')} leads and sales on the measured code`);
}

async function timed(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

async function measure(api, heavy) {
  const loadBefore = machine().load;
  const today = new Date().toISOString().slice(0, 10);
  const dayBefore = (days) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
  const code = { all: [] };
  const account = [];
  const baseline = [];
  // Warm up each kind once.
  await api.get(`/api/qrcodes/${heavy}/analytics`);
  await api.get('/api/analytics');
  for (let round = 0; round < REPEAT; round++) {
    for (const tz of ['UTC', 'Asia/Kolkata']) {
      for (const days of [7, 30, 90, 366]) {
        const ms = await timed(() => api.get(`/api/qrcodes/${heavy}/analytics?from=${dayBefore(days - 1)}&to=${today}&tz=${encodeURIComponent(tz)}`));
        code.all.push(ms);
        (code[`${days}d ${tz}`] ??= []).push(ms);
      }
      account.push(await timed(() => api.get(`/api/analytics?tz=${encodeURIComponent(tz)}`)));
    }
    baseline.push(await timed(() => api.get('/api/auth/user')));
  }
  const round1 = (x) => Math.round(x * 10) / 10;
  const figures = {
    scans: SCANS,
    replica: Boolean(env.BENCH_REPLICA_URL),
    code_p50_ms: round1(percentile(code.all, 50)),
    code_p95_ms: round1(percentile(code.all, 95)),
    account_p50_ms: round1(percentile(account, 50)),
    account_p95_ms: round1(percentile(account, 95)),
    baseline_p95_ms: round1(percentile(baseline, 95)),
  };
  const rows = Object.entries(code)
    .filter(([name]) => name !== 'all')
    .map(([name, list]) => `| code, ${name} | ${round1(percentile(list, 50))} | ${round1(percentile(list, 95))} |`);
  const markdown = [
    `Last run: ${new Date().toISOString()} — ${machine().cpus} CPU cores (shared with PostgreSQL, Redis and every service), Node ${machine().node}; ` +
      `${SCANS.toLocaleString('en-US')} scans in the database, ${(SCANS / 10).toLocaleString('en-US')} on the measured code (with a lead for one human scan in 50 and a sale for one in 100), ${CODES} codes of one account, over ${DAYS} days; ` +
      `each request ${REPEAT} times, one at a time, through the gateway${env.BENCH_REPLICA_URL ? ', the analytics read from a streaming replica on the same machine (ANALYTICS_DATABASE_URL)' : ''}; ${loadText(loadBefore)} when measuring started, ${loadText()} at the end.`,
    '',
    '| request | p50 (ms) | p95 (ms) |',
    '|---|---:|---:|',
    ...rows,
    `| **code, all of the above** | ${figures.code_p50_ms} | **${figures.code_p95_ms}** |`,
    `| **account analytics** (UTC, Asia/Kolkata) | ${figures.account_p50_ms} | **${figures.account_p95_ms}** |`,
    `| baseline: GET /api/auth/user | ${round1(percentile(baseline, 50))} | ${figures.baseline_p95_ms} |`,
    '',
    `- code p95 at most 100 ms: ${figures.code_p95_ms <= 100 ? 'yes' : '**NO**'}; account p95 at most 100 ms: ${figures.account_p95_ms <= 100 ? 'yes' : '**NO**'}`,
  ].join('\n');
  await report(env.BENCH_REPLICA_URL ? 'analytics-replica' : 'analytics', { date: new Date().toISOString(), machine: machine(), ...figures }, markdown, figures);
}

main().catch(fail);
