// `npm run bench`: the redirect-service against a bare Node http server answering the same 302,
// measured in one run with autocannon; afterwards every request must be exactly one stored scan.
// Results go to the console, to tmp/bench/redirect.json and into BENCHMARKS.md.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import IORedis from 'ioredis';
import pg from 'pg';
import { checkDependencies } from '../preflight.mjs';
import { entryOf, ROOT, waitHealthy } from '../system.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A fixed number of requests per server (not a duration): every request is answered and counted. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150_000);
const WARMUP_REQUESTS = 20_000;
/** The two servers take turns, so a burst of other work on a shared machine hits both alike. */
const ROUNDS = 3;
const DESTINATION = 'https://example.com/bench?from=qr';
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const INGEST_TIMEOUT_MS = 300_000;

const env = { ...process.env };
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qrdynamic';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children = [];

function log(message) {
  process.stdout.write(`${message}\n`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function start(name, args, childEnv) {
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${name} exited (${signal ?? code}): ${stderr}`);
  });
  children.push(child);
  return child;
}

async function stopAll() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    child.stopping = true;
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** The reference: Node's own http module answering the same 302 with the same headers. */
const BARE_SERVER = `
const http = require('node:http');
const location = ${JSON.stringify(DESTINATION)};
http.createServer((req, res) => {
  res.writeHead(302, { location, 'cache-control': 'private, no-store' });
  res.end();
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function run(url, amount) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, amount, headers: { 'user-agent': USER_AGENT }, followRedirect: false },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    instance.on('error', reject);
  });
}

/** Throughput over all rounds; the median round's p50 and the worst round's p99. */
function summary(results) {
  const answered = results.reduce((sum, r) => sum + r['3xx'], 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    requestsPerSecond: Math.round(answered / (seconds || 1)),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests: answered,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r['2xx'] + r['4xx'] + r['5xx'], 0),
  };
}

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value.done) return value;
    if (Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  await checkDependencies(env);
  const dbName = `qrd_bench_${Date.now()}`;
  const benchDbUrl = new URL(databaseUrl);
  benchDbUrl.pathname = `/${dbName}`;
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const [qrPort, redirectPort, barePort] = await Promise.all([freePort(), freePort(), freePort()]);
  const serviceEnv = {
    ...env,
    NODE_ENV: 'production',
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: benchDbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    QR_PORT: String(qrPort),
    REDIRECT_PORT: String(redirectPort),
    // autocannon connects directly: no proxy in front whose X-Forwarded-For could be believed.
    TRUST_PROXY_HOPS: '0',
  };

  log(`Benchmark: ${CONNECTIONS} connections, ${REQUESTS} requests per server, ${cpus().length} CPU cores, Node ${process.version}`);
  const qrService = start('qr-service', [entryOf('qr-service')], serviceEnv);
  await waitHealthy('qr-service', qrPort);

  // One code, written as the qr-service would store it (the bench needs no user or subscription).
  const db = new pg.Client({ connectionString: benchDbUrl.toString() });
  await db.connect();
  const slug = randomBytes(16).toString('base64').replace(/[^0-9A-Za-z]/g, '').slice(0, 7).padEnd(7, 'x');
  const [{ id: codeId }] = (
    await db.query('INSERT INTO qr.codes (slug, owner_id, name, destination) VALUES ($1, $2, $3, $4) RETURNING id', [
      slug,
      randomUUID(),
      'Benchmark',
      DESTINATION,
    ])
  ).rows;

  // BENCH_PROFILE=1 writes a CPU profile of the redirect-service to tmp/bench/ (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'tmp', 'bench')}`] : [];
  start('redirect-service', [...profile, entryOf('redirect-service')], serviceEnv);
  await waitHealthy('redirect-service', redirectPort);
  start('bare node server', ['-e', BARE_SERVER], { ...env, PORT: String(barePort) });
  await waitFor(async () => ({ done: await fetch(`http://127.0.0.1:${barePort}/`, { redirect: 'manual' }).then(() => true, () => false) }), 10_000);

  const bareUrl = `http://127.0.0.1:${barePort}/r/${slug}`;
  const redirectUrl = `http://127.0.0.1:${redirectPort}/r/${slug}`;
  const check = await fetch(redirectUrl, { redirect: 'manual', headers: { 'user-agent': USER_AGENT } });
  if (check.status !== 302 || check.headers.get('location') !== DESTINATION) {
    throw new Error(`redirect-service answered ${check.status} ${check.headers.get('location')}`);
  }
  let sentToRedirect = 1;

  log('Warming up...');
  await run(bareUrl, WARMUP_REQUESTS);
  sentToRedirect += (await run(redirectUrl, WARMUP_REQUESTS))['3xx'];

  // On a small shared machine the scan ingestor (and PostgreSQL behind it) would take CPU from the
  // server under test; in production it runs elsewhere. So it is paused while measuring (the scans
  // wait in the stream) and resumed after; BENCH_LIVE_INGEST=1 measures with it running instead.
  const pauseIngest = !process.env.BENCH_LIVE_INGEST;
  if (pauseIngest) qrService.kill('SIGSTOP');
  const bareRounds = [];
  const redirectRounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round}/${ROUNDS}: ${REQUESTS / ROUNDS} requests to each server...`);
    bareRounds.push(await run(bareUrl, REQUESTS / ROUNDS));
    redirectRounds.push(await run(redirectUrl, REQUESTS / ROUNDS));
  }
  if (pauseIngest) qrService.kill('SIGCONT');
  const bare = summary(bareRounds);
  const redirect = summary(redirectRounds);
  sentToRedirect += redirect.requests;

  log(`Waiting until all ${sentToRedirect} scans are stored...`);
  const started = Date.now();
  const stored = await waitFor(async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT stream_id)::int AS ids,
              coalesce((SELECT scans + bot_scans FROM qr.code_stats WHERE code_id = $1), 0)::int AS counted
       FROM qr.scans WHERE code_id = $1`,
      [codeId],
    );
    return { ...rows[0], done: rows[0].rows >= sentToRedirect };
  }, INGEST_TIMEOUT_MS);
  const ingestSeconds = (Date.now() - started) / 1000;

  await db.end();
  await stopAll();
  await cleanUp(dbName, prefix);

  const ratio = redirect.requestsPerSecond / bare.requestsPerSecond;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    connections: CONNECTIONS,
    requestsPerServer: REQUESTS,
    ingestDuringLoad: !pauseIngest,
    bare,
    redirect,
    ratio: Math.round(ratio * 100) / 100,
    scans: { sent: sentToRedirect, stored: stored.rows, distinctIds: stored.ids, counted: stored.counted, ingestSeconds },
    checks: {
      atLeastHalfOfBare: ratio >= 0.5,
      p99Under10ms: redirect.p99Ms < 10,
      noScanLost: stored.rows === sentToRedirect && stored.ids === sentToRedirect && stored.counted === sentToRedirect,
      noErrors: redirect.errors === 0,
    },
  };
  await report(result);
  if (!Object.values(result.checks).every(Boolean)) process.exitCode = 1;
}

async function cleanUp(dbName, prefix) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await client.end();
  const redis = new IORedis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

async function report(result) {
  const { bare, redirect, scans, checks } = result;
  const mark = (ok) => (ok ? 'yes' : '**NO**');
  const table = [
    `Last run: ${result.date} — ${result.machine.cpus} CPU cores (shared), Node ${result.machine.node}, ` +
      `${result.connections} connections, ${result.requestsPerServer} requests per server in ${ROUNDS} alternating rounds, ` +
      "autocannon in the script's process; p50 of the median round, p99 of the worst round; " +
      (result.ingestDuringLoad ? 'the scan ingestor running alongside.' : 'the scan ingestor paused while measuring, then catching up.'),
    '',
    '| server | requests/s | p50 (ms) | p99 (ms) | errors |',
    '|---|---:|---:|---:|---:|',
    `| bare Node \`http\` 302 | ${bare.requestsPerSecond} | ${bare.p50Ms} | ${bare.p99Ms} | ${bare.errors} |`,
    `| redirect-service | ${redirect.requestsPerSecond} | ${redirect.p50Ms} | ${redirect.p99Ms} | ${redirect.errors} |`,
    '',
    `- redirect-service / bare: **${result.ratio}** (target at least 0.5): ${mark(checks.atLeastHalfOfBare)}`,
    `- redirect-service p99 under 10 ms: ${mark(checks.p99Under10ms)}`,
    `- scans: ${scans.sent} requests answered, ${scans.stored} scans stored (${scans.distinctIds} distinct stream ids, ` +
      `counters ${scans.counted}), all stored ${scans.ingestSeconds.toFixed(1)}s after the load ended: ` +
      `no scan lost: ${mark(checks.noScanLost)}`,
  ].join('\n');
  log(`\n${table}\n`);
  await mkdir(join(ROOT, 'tmp', 'bench'), { recursive: true });
  await writeFile(join(ROOT, 'tmp', 'bench', 'redirect.json'), `${JSON.stringify(result, null, 2)}\n`);
  const file = join(ROOT, 'BENCHMARKS.md');
  const current = await readFile(file, 'utf8').catch(() => `# Benchmarks\n\n${START}\n${END}\n`);
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from + START.length)}\n${table}\n${current.slice(to)}`
      : `${current.trimEnd()}\n\n${START}\n${table}\n${END}\n`;
  await writeFile(file, next);
}

main().catch(async (error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error.message}\n`);
  await stopAll();
  process.exit(1);
});
