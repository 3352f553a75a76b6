// `npm run bench:rpc`: request/reply round trips through the gateway at 50 concurrent callers.
// Starts the auth-service, the qr-service and the gateway as processes on a throwaway database and
// Redis prefix, signs one user in, and measures in alternating rounds:
//   baseline  GET /health               the gateway's HTTP stack and one Redis PING, no message bus
//   rpc       GET /api/qrcodes/{id}     the same stack plus the session lookup and one queued
//                                       request to the qr-service (one PostgreSQL read) and its reply
//   download  GET /api/qrcodes/{id}/download?format=png&size=4096   the largest image, rendered
//                                       once (the qr-service's render cache), fetched each time
// Prints the figures and ends with one JSON line; the full result goes to tmp/bench/rpc.json.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { join } from 'node:path';
import argon2 from 'argon2';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkDependencies } from '../preflight.mjs';
import { entryOf, ROOT, waitHealthy } from '../system.mjs';
import { cleanUp, databaseUrl, env, fail, freePort, log, redisUrl, start, stopAll } from './bench-kit.mjs';

const CALLERS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A fixed number of requests per route (not a duration), split over the rounds. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const WARMUP_REQUESTS = 3_000;
/** Downloads of a 4096 px PNG: fewer, each moves the whole image. */
const DOWNLOADS = Number(process.env.BENCH_DOWNLOADS ?? 3_000);
/** The two routes take turns, so a burst of other work on a shared machine hits both alike. */
const ROUNDS = 3;
const PASSWORD = 'Bench-password-1';

function run(url, amount, headers) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: CALLERS, amount, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    instance.on('error', reject);
  });
}

/** Throughput over all rounds; the median round's p50 and the worst round's p99. */
function summary(results) {
  const answered = results.reduce((sum, r) => sum + r['2xx'], 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  return {
    perSecond: Math.round(answered / (seconds || 1)),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    answered,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
  };
}

async function main() {
  await checkDependencies(env);
  const dbName = `qrd_bench_rpc_${Date.now()}`;
  const benchDbUrl = new URL(databaseUrl);
  benchDbUrl.pathname = `/${dbName}`;
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const [authPort, qrPort, gatewayPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const publicBaseUrl = 'http://localhost:8080';
  const serviceEnv = {
    ...env,
    NODE_ENV: 'production',
    SESSION_SECRET: env.SESSION_SECRET ?? randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    DATABASE_URL: benchDbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PUBLIC_BASE_URL: publicBaseUrl,
    AUTH_PORT: String(authPort),
    QR_PORT: String(qrPort),
    GATEWAY_PORT: String(gatewayPort),
  };

  log(`RPC benchmark: ${CALLERS} callers, ${REQUESTS} requests per route, ${cpus().length} CPU cores, Node ${process.version}`);
  start('auth-service', [entryOf('auth-service')], serviceEnv);
  await waitHealthy('auth-service', authPort);
  start('qr-service', [entryOf('qr-service')], serviceEnv);
  await waitHealthy('qr-service', qrPort);
  start('gateway', [entryOf('gateway')], serviceEnv);
  await waitHealthy('gateway', gatewayPort);

  // One user and one code written straight to the services' schemas (no signup or billing flow).
  const db = new pg.Client({ connectionString: benchDbUrl.toString() });
  await db.connect();
  const username = `bench${randomBytes(3).toString('hex')}`;
  const [{ id: userId }] = (
    await db.query(
      "INSERT INTO auth.users (username, email, password_hash, role, status) VALUES ($1, $2, $3, 'user', 'active') RETURNING id",
      [username, `${username}@example.com`, await argon2.hash(PASSWORD, { type: argon2.argon2id })],
    )
  ).rows;
  const slug = randomBytes(16).toString('base64').replace(/[^0-9A-Za-z]/g, '').slice(0, 7).padEnd(7, 'x');
  const [{ id: codeId }] = (
    await db.query('INSERT INTO qr.codes (slug, owner_id, name, destination) VALUES ($1, $2, $3, $4) RETURNING id', [
      slug,
      userId,
      'Benchmark',
      'https://example.com/bench',
    ])
  ).rows;
  await db.end();

  const gateway = `http://127.0.0.1:${gatewayPort}`;
  const login = await fetch(`${gateway}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: publicBaseUrl },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const headers = { cookie };
  const baselineUrl = `${gateway}/health`;
  const rpcUrl = `${gateway}/api/qrcodes/${codeId}`;
  const check = await fetch(rpcUrl, { headers });
  if (check.status !== 200 || (await check.json()).id !== codeId) throw new Error(`GET /api/qrcodes/{id} answered ${check.status}`);
  const downloadUrl = `${gateway}/api/qrcodes/${codeId}/download?format=png&size=4096`;
  const image = await fetch(downloadUrl, { headers });
  const imageBytes = (await image.arrayBuffer()).byteLength;
  if (image.status !== 200 || image.headers.get('content-type') !== 'image/png') throw new Error(`download answered ${image.status}`);

  log('Warming up...');
  await run(baselineUrl, WARMUP_REQUESTS, headers);
  await run(rpcUrl, WARMUP_REQUESTS, headers);
  await run(downloadUrl, DOWNLOADS / 10, headers);
  const baselineRounds = [];
  const rpcRounds = [];
  const downloadRounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round}/${ROUNDS}: ${REQUESTS / ROUNDS} requests to the baseline and the rpc route, ${DOWNLOADS / ROUNDS} downloads...`);
    baselineRounds.push(await run(baselineUrl, REQUESTS / ROUNDS, headers));
    rpcRounds.push(await run(rpcUrl, REQUESTS / ROUNDS, headers));
    downloadRounds.push(await run(downloadUrl, DOWNLOADS / ROUNDS, headers));
  }
  await stopAll();
  await cleanUp({ dbName, prefix });

  const baseline = summary(baselineRounds);
  const rpc = summary(rpcRounds);
  const download = summary(downloadRounds);
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version },
    callers: CALLERS,
    requestsPerRoute: REQUESTS,
    downloads: DOWNLOADS,
    imageBytes,
    baseline,
    rpc,
    download,
  };
  await mkdir(join(ROOT, 'tmp', 'bench'), { recursive: true });
  await writeFile(join(ROOT, 'tmp', 'bench', 'rpc.json'), `${JSON.stringify(result, null, 2)}\n`);
  log('');
  log('| route | requests/s | p50 (ms) | p99 (ms) | errors |');
  log('|---|---:|---:|---:|---:|');
  log(`| baseline: GET /health (no bus) | ${baseline.perSecond} | ${baseline.p50Ms} | ${baseline.p99Ms} | ${baseline.errors} |`);
  log(`| GET /api/qrcodes/{id} (one round trip) | ${rpc.perSecond} | ${rpc.p50Ms} | ${rpc.p99Ms} | ${rpc.errors} |`);
  log(`| GET .../download 4096 px PNG (${Math.round(imageBytes / 1024)} kB) | ${download.perSecond} | ${download.p50Ms} | ${download.p99Ms} | ${download.errors} |`);
  log('');
  log(
    JSON.stringify({
      bench: 'rpc',
      callers: CALLERS,
      round_trips_per_s: rpc.perSecond,
      p50_ms: rpc.p50Ms,
      p99_ms: rpc.p99Ms,
      errors: rpc.errors,
      baseline_per_s: baseline.perSecond,
      baseline_p99_ms: baseline.p99Ms,
      downloads_per_s: download.perSecond,
      download_p99_ms: download.p99Ms,
      cpus: cpus().length,
    }),
  );
  if (rpc.errors > 0 || baseline.errors > 0 || download.errors > 0) process.exitCode = 1;
}

main().catch(fail);
