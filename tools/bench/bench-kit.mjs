// What every benchmark script needs: throwaway databases and Redis prefixes, child processes
// that are always stopped, and its results section in BENCHMARKS.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, openSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import pg from 'pg';
import { entryOf, ROOT, runNode, startServices } from '../system.mjs';

export const env = { ...process.env };
export const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qrdynamic';
export const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children = [];

export function log(message) {
  process.stdout.write(`${message}\n`);
}

export function machine() {
  return { cpus: cpus().length, node: process.version, load: loadavg().map((n) => Math.round(n * 10) / 10) };
}

/** The 1, 5 and 15 minute load averages, as the results quote them: other work on a shared machine skews every figure. */
export function loadText(load = machine().load) {
  return `load average ${load.join(' / ')}`;
}

/** `--name value` from the command line, as a number, or the fallback. */
export function numberArg(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A database and a Redis prefix of the run's own, removed by `cleanUp`. */
export function scratch(name) {
  const id = randomBytes(4).toString('hex');
  const dbName = `qrd_bench_${name}_${id}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  return { dbName, databaseUrl: url.toString(), prefix: `bench${id}` };
}

export async function adminQuery(text) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A child Node process; `BENCH_TRACE_GC=1` writes each one's garbage collections to `tmp/bench/gc-<name>.log`. */
export function start(name, args, childEnv) {
  let stdout = 'ignore';
  if (env.BENCH_TRACE_GC) {
    mkdirSync(join(ROOT, 'tmp/bench'), { recursive: true });
    stdout = openSync(join(ROOT, `tmp/bench/gc-${name}.log`), 'w');
    args = ['--trace-gc', ...args];
  }
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', stdout, 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${name} exited (${signal ?? code}): ${stderr}`);
  });
  children.push(child);
  return child;
}

export async function stopAll() {
  for (const child of children.reverse()) {
    if (child.exitCode !== null) continue;
    child.stopping = true;
    if (child.signalCode === 'SIGSTOP') child.kill('SIGCONT');
    child.kill('SIGTERM');
    await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  children.length = 0;
}

/** Drops the run's database (unless `dbName` is null: a database kept for later runs) and its Redis keys. */
export async function cleanUp({ dbName, prefix }) {
  if (dbName) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  const redis = new IORedis(redisUrl);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length) await redis.unlink(...keys);
  } while (cursor !== '0');
  redis.disconnect();
}

/** Percentile (0-100) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Writes the result to tmp/bench/<name>.json and the markdown between the section's markers in
 * BENCHMARKS.md, then prints the one final JSON line of figures.
 */
export async function report(name, result, markdown, figures) {
  await mkdir(join(ROOT, 'tmp', 'bench'), { recursive: true });
  await writeFile(join(ROOT, 'tmp', 'bench', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const startMark = `<!-- bench:${name}:start -->`;
  const endMark = `<!-- bench:${name}:end -->`;
  const file = join(ROOT, 'BENCHMARKS.md');
  const current = await readFile(file, 'utf8').catch(() => '# Benchmarks\n');
  const from = current.indexOf(startMark);
  const to = current.indexOf(endMark);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from + startMark.length)}\n${markdown}\n${current.slice(to)}`
      : `${current.trimEnd()}\n\n${startMark}\n${markdown}\n${endMark}\n`;
  await writeFile(file, next);
  log(`\n${markdown}\n`);
  log(JSON.stringify({ bench: name, ...figures }));
}

export function fail(error) {
  process.stderr.write(`bench failed: ${error.stack ?? error.message}\n`);
  return stopAll().finally(() => process.exit(1));
}

/**
 * The whole system on `run`'s scratch database and Redis prefix, as `npm start` runs it in
 * production mode with test payments: five services on free ports, migrated first. `base` is the
 * public address (the gateway's unless a front door is put before it); `extra` adds settings.
 */
export async function startSystem(run, { base, extra = {} } = {}) {
  const ports = { GATEWAY_PORT: await freePort(), AUTH_PORT: await freePort(), QR_PORT: await freePort(), BILLING_PORT: await freePort(), REDIRECT_PORT: await freePort() };
  const childEnv = {
    ...env,
    NODE_ENV: 'production',
    BILLING_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS: 'true',
    SESSION_SECRET: randomBytes(24).toString('hex'),
    DATABASE_URL: run.databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: run.prefix,
    PUBLIC_BASE_URL: base ?? `http://127.0.0.1:${ports.GATEWAY_PORT}`,
    LOG_LEVEL: 'warn',
    MAIL_OUTBOX_DIR: join(ROOT, 'tmp', 'bench', 'outbox'),
    ...extra,
    ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
  };
  await adminQuery(`CREATE DATABASE ${run.dbName}`);
  for (const service of ['auth-service', 'qr-service', 'billing-service']) await runNode(entryOf(service), ['migrate'], childEnv);
  const system = await startServices(childEnv, { onOutput: () => undefined });
  return { ports, childEnv, system };
}

/**
 * The load script of `wrk`: the path given (or, with a trailing `*`, that prefix and a new
 * random 7-character slug every request), answers counted by status class, and after `amount`
 * answers the thread stops and says so on a line of its own (wrk itself only runs for a duration).
 * The request is built by the script for every kind of run, so the client's work is the same.
 */
const WRK_SCRIPT = `
local threads = {}
function setup(thread) table.insert(threads, thread) end
local chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
local fixed, prefix, amount
function init(args)
  amount = tonumber(args[2])
  math.randomseed(tonumber(args[3]))
  if args[1]:sub(-1) == "*" then prefix = args[1]:sub(1, -2) else fixed = wrk.format(nil, args[1]) end
  s1, s2, s3, s4, s5, answered = 0, 0, 0, 0, 0, 0
end
function request()
  if fixed then return fixed end
  local slug = {}
  for i = 1, 7 do local n = math.random(62); slug[i] = chars:sub(n, n) end
  return wrk.format(nil, prefix .. table.concat(slug))
end
function response(status)
  local class = math.floor(status / 100)
  _G["s" .. class] = _G["s" .. class] + 1
  answered = answered + 1
  if answered == amount then
    io.write("ENOUGH\\n")
    io.stdout:flush()
    wrk.thread:stop()
  end
end
function done(summary, latency)
  local s = { 0, 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    for i = 1, 5 do s[i] = s[i] + thread:get("s" .. i) end
  end
  local e = summary.errors
  io.write(string.format('RESULT {"1xx":%d,"2xx":%d,"3xx":%d,"4xx":%d,"5xx":%d,"errors":%d,"timeouts":%d,"p50":%.0f,"p99":%.0f}\\n',
    s[1], s[2], s[3], s[4], s[5], e.connect + e.read + e.write, e.timeout, latency:percentile(50), latency:percentile(99)))
end
`;

let wrkScript;

/**
 * `amount` answers from `origin` + `path` with wrk (C, one thread): an HTTP client that costs a
 * fraction of the server it loads, so on a small machine the server, not the client, is the
 * limit. `path` ending in `*`: a new random slug after that prefix every request. Resolves to
 * the answers by status class, errors, the duration (s, to the last answer) and p50/p99 (ms).
 */
export async function wrk(origin, path, amount, { connections = 50, headers = {} } = {}) {
  if (!wrkScript) {
    wrkScript = join(ROOT, 'tmp', 'bench', 'wrk-load.lua');
    await mkdir(join(ROOT, 'tmp', 'bench'), { recursive: true });
    await writeFile(wrkScript, WRK_SCRIPT);
  }
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = ['-t1', `-c${connections}`, '-d600s', '--timeout', '10s', ...headerArgs, '-s', wrkScript, origin, '--', path, String(amount), String(randomBytes(4).readUInt32LE())];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let ended = null;
    let output = '';
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.on('error', (error) => reject(error.code === 'ENOENT' ? new Error('wrk is missing: run `sudo tools/system-packages.sh`') : error));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (ended === null && output.includes('ENOUGH\n')) {
        ended = performance.now();
        child.kill('SIGINT');
      }
    });
    child.on('close', () => {
      const line = /^RESULT (.*)$/m.exec(output);
      if (!line) return reject(new Error(`wrk gave no result: ${output.slice(-2000)}`));
      const { p50, p99, ...counts } = JSON.parse(line[1]);
      const duration = ((ended ?? performance.now()) - started) / 1000;
      resolve({ ...counts, duration, latency: { p50: Math.round(p50 / 100) / 10, p99: Math.round(p99 / 100) / 10 } });
    });
  });
}
