// `npm run bench`: the redirect-service against a bare Node http server answering the same 302,
// measured in one run with wrk: a known slug, made-up (unknown) slugs, the known slug while a
// steady stream of unknown slugs arrives, and the known slug on two replicas at once. The figure
// that matters on a shared machine is the server's CPU time per answer (from /proc), against the
// bare server's. Afterwards every redirect must be exactly one stored scan, and no unknown slug may
// have reached the qr-service. Results go to the console, to
// tmp/bench/redirect.json and into BENCHMARKS.md; the last line printed is one JSON line of figures.
import { randomBytes, randomUUID } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { cpus, loadavg, setPriority } from 'node:os';
import { join } from 'node:path';
import IORedis from 'ioredis';
import pg from 'pg';
import { checkDependencies } from '../preflight.mjs';
import { wrk } from './bench-kit.mjs';
import { entryOf, ROOT, runNode, waitHealthy } from '../system.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** A fixed number of requests per server (not a duration): every request is answered and counted. */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150_000);
const WARMUP_REQUESTS = 10_000;
/** The two servers take turns, so a burst of other work on a shared machine hits both alike. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DESTINATION = 'https://example.com/bench?from=qr';
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const INGEST_TIMEOUT_MS = 300_000;
/** Made-up slugs per second sent alongside the known-slug load (a scanner of random links). */
const FLOOD_PER_SECOND = Number(process.env.BENCH_FLOOD_RATE ?? 300);
/** Verified custom domains in the redirect table during the run. */
const DOMAINS = Number(process.env.BENCH_DOMAINS ?? 10_000);
const DOMAIN_DESTINATION = 'https://example.com/bench?from=custom-domain';
/**
 * Each server under test has a core: the first bare server and the first redirect-service replica
 * the last core, the second of each (measured only when two run at once) the core before it, as
 * replicas have cores of their own in production; wrk, Redis and everything else go where the
 * scheduler puts them. Left to it, three busy processes (wrk, Redis, the redirect-service) share
 * two cores where the bare server's run shares them between two, and the server under test is
 * moved from core to core as they take turns (BENCHMARKS.md). BENCH_PIN=0 turns it off.
 */
const PIN = cpus().length >= 2 && process.env.BENCH_PIN !== '0' && spawnSync('taskset', ['-V']).status === 0;
/** The core of the `index`th (0 or 1) server of its kind, or null unpinned. */
const serverCpu = (index) => (PIN ? String(cpus().length - 1 - index) : null);
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/**
 * BENCH_CANDIDATE=<the redirect-service entry of another build> (e.g. a second worktree's
 * dist/apps/redirect-service/apps/redirect-service/src/main.js): instead of the measurements
 * below, that build and this one take turns on the known slug, on the same core, against the bare
 * server, and the run answers the candidate's CPU per redirect against this build's, round by
 * round. Two runs of one build can differ by 10% or more here (the machine is shared); two builds
 * measured in the same rounds differ by a few percent at most when they are the same build
 * (BENCHMARKS.md), so a change's effect is measured this way. Writes nothing to BENCHMARKS.md.
 */
const CANDIDATE = process.env.BENCH_CANDIDATE || null;

const env = { ...process.env };
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/qrdynamic';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children = [];

function log(message) {
  process.stdout.write(`${message}\n`);
}

/** A GET with a Host header (fetch drops it): a scanner of a code on a custom domain. */
function getWithHost(url, host) {
  return new Promise((resolve, reject) => {
    request(url, { headers: { host, 'user-agent': USER_AGENT } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode, location: res.headers.location });
    })
      .on('error', reject)
      .end();
  });
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

/** `cpu`: the core of a server under test (serverCpu), null for anywhere. */
function start(name, args, childEnv, cpu = null) {
  const command = cpu !== null ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(...command, { env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
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

/** A slug no code has (7 random base62 characters: a clash with the one code is negligible). */
function madeUpSlug() {
  let slug = '';
  for (let i = 0; i < 7; i++) slug += BASE62[Math.floor(Math.random() * 62)];
  return slug;
}

/**
 * `amount` answers from `origin` with wrk; `path` ending in `*` is a new made-up slug every request.
 * The client's own work is the same for every server; only the path differs.
 */
function run(origin, path, amount, { host = undefined, connections = CONNECTIONS } = {}) {
  return wrk(origin, path, amount, { connections, headers: { 'user-agent': USER_AGENT, ...(host ? { host } : {}) } });
}

/**
 * `amount` answers from several servers at once, each loaded as one server is alone (its own wrk
 * with CONNECTIONS connections): one result, timed to the last server's last answer. Loaded less,
 * a server gathers fewer scans into each append, which costs more CPU per redirect (see
 * BENCHMARKS.md): a replica is measured at the load one would be given.
 */
async function runSpread(origins, path, amount) {
  const parts = await Promise.all(origins.map((origin) => run(origin, path, Math.round(amount / origins.length))));
  const sum = (key) => parts.reduce((total, part) => total + part[key], 0);
  return {
    ...Object.fromEntries(['1xx', '2xx', '3xx', '4xx', '5xx', 'errors', 'timeouts'].map((key) => [key, sum(key)])),
    duration: Math.max(...parts.map((part) => part.duration)),
    latency: { p50: Math.round(10 * median(parts.map((part) => part.latency.p50))) / 10, p99: Math.max(...parts.map((part) => part.latency.p99)) },
  };
}

/**
 * A steady stream of `perSecond` requests (a scanner trying random links), paced by a 10 ms timer,
 * written as raw HTTP/1.1 on a few kept-alive sockets: a fraction of the work of an HTTP client
 * (or of a rate-limited autocannon) in this process, which also drives the load it sits beside.
 */
function stream(origin, path, perSecond, sockets = 8) {
  const { hostname, port } = new URL(origin);
  const latencies = [];
  const statuses = { '1xx': 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const idle = [];
  const backlog = [];
  let errors = 0;
  let sent = 0;
  let busy = 0;
  let drained = () => {};
  const send = (socket) => {
    busy++;
    socket.startedAt = performance.now();
    socket.write(`GET ${path()} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUser-Agent: ${USER_AGENT}\r\n\r\n`);
  };
  const done = (socket) => {
    busy--;
    if (backlog.length > 0) {
      backlog.pop();
      send(socket);
    } else {
      idle.push(socket);
      if (busy === 0) drained();
    }
  };
  for (let i = 0; i < sockets; i++) {
    const socket = connect({ host: hostname, port: Number(port) });
    let received = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      received += chunk;
      const headerEnd = received.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(received.slice(0, headerEnd))?.[1] ?? 0);
      if (received.length < headerEnd + 4 + length) return;
      statuses[`${received[9]}xx`]++;
      latencies.push(performance.now() - socket.startedAt);
      received = received.slice(headerEnd + 4 + length);
      done(socket);
    });
    socket.on('error', () => {
      errors++;
    });
    idle.push(socket);
  }
  const started = Date.now();
  const timer = setInterval(() => {
    const due = Math.floor(((Date.now() - started) * perSecond) / 1000);
    for (; sent < due; sent++) {
      const socket = idle.pop();
      if (socket) send(socket);
      else backlog.push(true);
    }
  }, 10);
  return async () => {
    clearInterval(timer);
    const duration = (Date.now() - started) / 1000;
    backlog.length = 0;
    if (busy > 0) await new Promise((resolve) => (drained = resolve));
    for (const socket of idle) socket.destroy();
    latencies.sort((a, b) => a - b);
    const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
    // The shape of an autocannon result, as far as summary() reads it.
    return { ...statuses, errors, timeouts: 0, duration, latency: { p50: at(0.5), p99: at(0.99) } };
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Throughput over all rounds of the answers expected ('3xx' or '4xx'); the median round's p50 and the worst round's p99. */
function summary(results, expected = '3xx') {
  const answered = results.reduce((sum, r) => sum + r[expected], 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  const other = ['1xx', '2xx', '3xx', '4xx', '5xx'].filter((status) => status !== expected);
  return {
    requestsPerSecond: Math.round(answered / (seconds || 1)),
    p50Ms: p50s[Math.floor(p50s.length / 2)],
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests: answered,
    cpuMicrosPerRequest: results.every((r) => typeof r.cpuMicros === 'number')
      ? Math.round((10 * results.reduce((sum, r) => sum + r.cpuMicros, 0)) / (answered || 1)) / 10
      : null,
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + other.reduce((n, status) => n + (r[status] ?? 0), 0), 0),
  };
}

/**
 * CPU time a process has used, in microseconds: every thread's run time as the scheduler counts
 * it in nanoseconds (/proc/<pid>/task/<thread>/schedstat), not the 10 ms ticks of /proc/<pid>/stat.
 * Linux only (null elsewhere). Per request, it is steadier than requests per second on a machine
 * shared with other work.
 */
function cpuMicros(pid) {
  try {
    let nanos = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) nanos += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return nanos / 1000;
  } catch {
    return null;
  }
}

/** Runs `measure` and adds the CPU time the processes `pids` spent meanwhile (summed) to its result. */
async function withCpu(pids, measure) {
  const spent = () => [pids].flat().reduce((sum, pid) => (sum === null || cpuMicros(pid) === null ? null : sum + cpuMicros(pid)), 0);
  const before = spent();
  const result = await measure();
  const after = spent();
  return { ...result, cpuMicros: before === null || after === null ? null : after - before };
}

/** A measurement's server CPU time per answer of the `status` class expected (µs). */
const cpuPerAnswer = (r, status = '3xx') => r.cpuMicros / r[status];

/** A counter of the redirect-service's /metrics (`labels`: its labels as written there, e.g. `{outcome="redirect"}`). */
async function metric(port, name, labels = '') {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const escaped = `${name}${labels}`.replace(/[{}]/g, '\\$&');
  return Number(new RegExp(`^${escaped} (\\d+)$`, 'm').exec(text)?.[1] ?? NaN);
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

/** The 1, 5 and 15 minute load averages: other work on this shared machine skews every figure. */
const loadNow = () => loadavg().map((n) => Math.round(n * 10) / 10).join(' / ');

async function main() {
  await checkDependencies(env);
  const loadAtStart = loadNow();
  const dbName = `qrd_bench_${Date.now()}`;
  const benchDbUrl = new URL(databaseUrl);
  benchDbUrl.pathname = `/${dbName}`;
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const [qrPort, redirectPort, secondRedirectPort, barePort, secondBarePort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
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
  };

  log(`Benchmark: ${CONNECTIONS} connections, ${REQUESTS} requests per server, ${cpus().length} CPU cores, Node ${process.version}`);
  // The schema first, then one code written as the qr-service would store it (the bench needs no
  // user or subscription); the qr-service's rebuild at start puts it in the redirect table.
  await runNode(entryOf('qr-service'), ['migrate'], serviceEnv);
  const db = new pg.Client({ connectionString: benchDbUrl.toString() });
  await db.connect();
  const slug = randomBytes(16).toString('base64').replace(/[^0-9A-Za-z]/g, '').slice(0, 7).padEnd(7, 'x');
  await db.query('INSERT INTO qr.codes (slug, owner_id, name, destination) VALUES ($1, $2, $3, $4)', [slug, randomUUID(), 'Benchmark', DESTINATION]);
  // A code with campaign controls (docs/campaign-controls.md): 10 routing rules none of which
  // matches the bench's iPhone (so all are tried), a future schedule, a scan limit (one atomic
  // Redis script per scan) and an A/B split; measured against the plain code in the same rounds.
  const campaignSlug = `${slug.slice(0, 6)}${slug.endsWith('C') ? 'D' : 'C'}`;
  const countries = ['FR', 'ES', 'IT', 'NL', 'BE', 'PT', 'PL', 'SE'];
  const campaign = {
    scanLimit: 1_000_000_000,
    rules: [
      { os: ['android'], destination: 'https://play.google.com/store/apps/details?id=bench' },
      { os: ['windows'], device: ['desktop'], destination: 'https://example.com/windows' },
      ...countries.map((country) => ({ country: [country], destination: `https://example.com/${country.toLowerCase()}` })),
    ],
    split: [
      { name: 'A', destination: 'https://example.com/bench-a', weight: 1 },
      { name: 'B', destination: 'https://example.com/bench-b', weight: 1 },
    ],
    schedule: [{ at: new Date(Date.now() + 86_400_000).toISOString(), destination: 'https://example.com/bench-later' }],
  };
  await db.query('INSERT INTO qr.codes (slug, owner_id, name, destination, campaign) VALUES ($1, $2, $3, $4, $5)', [
    campaignSlug,
    randomUUID(),
    'Benchmark campaign',
    DESTINATION,
    JSON.stringify(campaign),
  ]);
  // Custom short domains (docs/custom-domains.md): DOMAINS verified domains in the redirect table,
  // and a code with the known code's slug on one of them, measured with that domain's Host header.
  await db.query(
    `INSERT INTO qr.domains (workspace_id, hostname, token, state, verified_at)
     SELECT gen_random_uuid(), 'bench-' || g || '.example.com', 'bench', 'verified', now() FROM generate_series(1, $1::int) g`,
    [DOMAINS],
  );
  const domainHost = `bench-${Math.ceil(DOMAINS / 2)}.example.com`;
  await db.query(
    `INSERT INTO qr.codes (slug, owner_id, name, destination, domain_id)
     SELECT $1, d.workspace_id, 'Benchmark on a custom domain', $2, d.id FROM qr.domains d WHERE d.hostname = $3`,
    [slug, DOMAIN_DESTINATION, domainHost],
  );
  const qrService = start('qr-service', [entryOf('qr-service')], serviceEnv);
  await waitHealthy('qr-service', qrPort);
  const redis = new IORedis(redisUrl);
  const complete = await waitFor(async () => ({ done: (await redis.get(`${prefix}:{redirect-table}:complete`)) !== null }), 30_000);
  redis.disconnect();
  if (!complete.done) throw new Error('the qr-service did not mark the redirect table complete');

  // BENCH_PROFILE=1 writes a CPU profile of the redirect-service to tmp/bench/ (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${join(ROOT, 'tmp', 'bench')}`] : [];
  const redirectService = start('redirect-service', [...profile, entryOf('redirect-service')], serviceEnv, serverCpu(0));
  await waitHealthy('redirect-service', redirectPort);
  // A second replica, as a scaled-out deployment runs them: the same Redis, its own port.
  const secondRedirect = start('redirect-service (second replica)', [entryOf('redirect-service')], { ...serviceEnv, REDIRECT_PORT: String(secondRedirectPort) }, serverCpu(1));
  await waitHealthy('redirect-service', secondRedirectPort);
  // Two bare servers, the baseline of the two replicas: two servers and their clients on the same
  // cores cost each other CPU (switches, caches), whatever they run.
  const bareServers = [barePort, secondBarePort].map((port, i) => start(`bare node server ${i + 1}`, ['-e', BARE_SERVER], { ...env, PORT: String(port) }, serverCpu(i)));
  const bareServer = bareServers[0];
  for (const port of [barePort, secondBarePort]) {
    await waitFor(async () => ({ done: await fetch(`http://127.0.0.1:${port}/`, { redirect: 'manual' }).then(() => true, () => false) }), 10_000);
  }

  const bare = `http://127.0.0.1:${barePort}`;
  const bares = [bare, `http://127.0.0.1:${secondBarePort}`];
  const redirect = `http://127.0.0.1:${redirectPort}`;
  const replicas = [redirect, `http://127.0.0.1:${secondRedirectPort}`];
  const known = `/r/${slug}`;
  const campaignPath = `/r/${campaignSlug}`;
  const unknownPath = '/r/*';
  const unknown = () => `/r/${madeUpSlug()}`;
  const check = await fetch(`${redirect}${known}`, { redirect: 'manual', headers: { 'user-agent': USER_AGENT } });
  if (check.status !== 302 || check.headers.get('location') !== DESTINATION) {
    throw new Error(`redirect-service answered ${check.status} ${check.headers.get('location')}`);
  }
  const checkUnknown = await fetch(`${redirect}${unknown()}`, { redirect: 'manual' });
  if (checkUnknown.status !== 404) throw new Error(`redirect-service answered ${checkUnknown.status} for an unknown slug`);
  const checkCampaign = await fetch(`${redirect}${campaignPath}`, { redirect: 'manual', headers: { 'user-agent': USER_AGENT } });
  if (checkCampaign.status !== 302 || !/bench-[ab]$/.test(checkCampaign.headers.get('location') ?? '')) {
    throw new Error(`redirect-service answered ${checkCampaign.status} ${checkCampaign.headers.get('location')} for the campaign code`);
  }

  const checkDomain = await getWithHost(`${redirect}${known}`, domainHost);
  if (checkDomain.status !== 302 || checkDomain.location !== DOMAIN_DESTINATION) {
    throw new Error(`redirect-service answered ${checkDomain.status} ${checkDomain.location} for the code on a custom domain`);
  }

  log('Warming up...');
  for (const server of bares) await run(server, known, WARMUP_REQUESTS);
  // Both replicas alike: the code a process has run shapes what its compiler makes of it.
  const warm = async (replica) => {
    await run(replica, known, WARMUP_REQUESTS);
    await run(replica, unknownPath, WARMUP_REQUESTS);
    await run(replica, campaignPath, WARMUP_REQUESTS);
    await run(replica, known, WARMUP_REQUESTS, { host: domainHost });
  };
  for (const replica of replicas) await warm(replica);

  if (CANDIDATE) {
    await compareCandidate({ serviceEnv, bare, bareServer, redirect, redirectService, known, qrService, warm });
    await db.end();
    await stopAll();
    await cleanUp(dbName, prefix);
    return;
  }

  // On a small shared machine the scan ingestor (and PostgreSQL behind it) would take CPU from the
  // server under test; in production it runs elsewhere. So it is paused while measuring (the scans
  // wait in the stream) and resumed after. BENCH_LIVE_INGEST=1 measures with it running at the
  // same priority as everything else; BENCH_LIVE_INGEST=background with it running as background
  // work on the same machine (the qr-service and its PostgreSQL connections at nice 19, as an
  // operator co-locating the two would run it): it ingests whenever the redirects leave CPU free.
  const ingestMode = process.env.BENCH_LIVE_INGEST === 'background' ? 'background' : process.env.BENCH_LIVE_INGEST ? 'live' : 'paused';
  const pauseIngest = ingestMode === 'paused';
  if (pauseIngest) qrService.kill('SIGSTOP');
  if (ingestMode === 'background') {
    const backends = (await db.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()')).rows;
    for (const pid of [qrService.pid, ...backends.map((row) => row.pid)]) setPriority(pid, 19);
    log(`Ingest runs as background work: the qr-service and its ${backends.length} PostgreSQL connections at nice 19`);
  }
  const rounds = { bare: [], known: [], unknown: [], flooded: [], flood: [], campaign: [], domain: [], twoBare: [], twoReplicas: [] };
  const perRound = Math.round(REQUESTS / ROUNDS);
  const measurements = {
    bare: () => withCpu(bareServer.pid, () => run(bare, known, perRound)),
    known: () => withCpu(redirectService.pid, () => run(redirect, known, perRound)),
    unknown: () => withCpu(redirectService.pid, () => run(redirect, unknownPath, perRound)),
    campaign: () => withCpu(redirectService.pid, () => run(redirect, campaignPath, perRound)),
    domain: () => withCpu(redirectService.pid, () => run(redirect, known, perRound, { host: domainHost })),
    // The known slug on two replicas at once, each loaded as the one alone: CPU summed over both
    // processes; against two bare servers loaded the same way.
    twoBare: () => withCpu(bareServers.map((server) => server.pid), () => runSpread(bares, known, perRound)),
    twoReplicas: () => withCpu([redirectService.pid, secondRedirect.pid], () => runSpread(replicas, known, perRound)),
    flooded: async () => {
      const stopFlood = stream(redirect, unknown, FLOOD_PER_SECOND);
      const result = await withCpu(redirectService.pid, () => run(redirect, known, perRound));
      rounds.flood.push(await stopFlood());
      return result;
    },
  };
  const rate = (r, status = '3xx') => r[status] / r.duration;
  const perRoundRatios = { ratio: [], unknownRatio: [], floodRatio: [], campaignRatio: [], domainRatio: [], cpuRatio: [], cpuRatioTwoReplicas: [], cpuTwoReplicasVsOne: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    // Every other round in reverse order, so a drift over the run weighs on no measurement more than another.
    const order = round % 2
      ? ['bare', 'known', 'twoBare', 'twoReplicas', 'domain', 'campaign', 'unknown', 'flooded']
      : ['flooded', 'unknown', 'campaign', 'domain', 'twoReplicas', 'twoBare', 'known', 'bare'];
    log(`Round ${round}/${ROUNDS}: ${perRound} requests each: ${order.join(', ')}...`);
    for (const name of order) rounds[name].push(await measurements[name]());
    const [b, k, u, f] = ['bare', 'known', 'unknown', 'flooded'].map((name) => rounds[name][round - 1]);
    perRoundRatios.ratio.push(rate(k) / rate(b));
    perRoundRatios.unknownRatio.push(rate(u, '4xx') / rate(k));
    perRoundRatios.floodRatio.push(rate(f) / rate(k));
    const c = rounds.campaign[round - 1];
    perRoundRatios.campaignRatio.push(rate(c) / rate(k));
    perRoundRatios.domainRatio.push(rate(rounds.domain[round - 1]) / rate(k));
    perRoundRatios.cpuRatio.push(cpuPerAnswer(k) / cpuPerAnswer(b));
    const twoReplicasRatio = cpuPerAnswer(rounds.twoReplicas[round - 1]) / cpuPerAnswer(rounds.twoBare[round - 1]);
    perRoundRatios.cpuRatioTwoReplicas.push(twoReplicasRatio);
    perRoundRatios.cpuTwoReplicasVsOne.push(twoReplicasRatio / (cpuPerAnswer(k) / cpuPerAnswer(b)));
    log(
      `  bare ${Math.round(rate(b))}/s, known ${Math.round(rate(k))}/s, unknown ${Math.round(rate(u, '4xx'))}/s, ` +
        `known beside the stream ${Math.round(rate(f))}/s, campaign code ${Math.round(rate(c))}/s, ` +
        `on a custom domain ${Math.round(rate(rounds.domain[round - 1]))}/s, two replicas ${Math.round(rate(rounds.twoReplicas[round - 1]))}/s; ` +
        `CPU per answer bare ${cpuPerAnswer(b).toFixed(1)} µs, known ${cpuPerAnswer(k).toFixed(1)}, ` +
        `two bare ${cpuPerAnswer(rounds.twoBare[round - 1]).toFixed(1)}, two replicas ${cpuPerAnswer(rounds.twoReplicas[round - 1]).toFixed(1)}`,
    );
  }
  if (pauseIngest) qrService.kill('SIGCONT');
  const figures = {
    bare: summary(rounds.bare),
    known: summary(rounds.known),
    unknown: summary(rounds.unknown, '4xx'),
    flooded: summary(rounds.flooded),
    flood: summary(rounds.flood, '4xx'),
    campaign: summary(rounds.campaign),
    domain: summary(rounds.domain),
    twoBare: summary(rounds.twoBare),
    twoReplicas: summary(rounds.twoReplicas),
  };
  let fallbacks = 0;
  // wrk stops with requests on their way, which the servers answer too: the scans expected are
  // the redirects the replicas counted, at least every 302 the clients saw.
  let sentToRedirect = 0;
  for (const port of [redirectPort, secondRedirectPort]) {
    fallbacks += await metric(port, 'redirect_fallback_requests_total');
    sentToRedirect += await metric(port, 'redirect_responses_total', '{outcome="redirect"}');
  }
  const seenByClients = ['known', 'flooded', 'campaign', 'domain', 'twoReplicas'].reduce((sum, name) => sum + figures[name].requests, 0);

  log(`Waiting until all ${sentToRedirect} scans are stored...`);
  const started = Date.now();
  const stored = await waitFor(async () => {
    const { rows } = await db.query(
      `SELECT count(*)::int AS rows, count(DISTINCT scan_id)::int AS ids,
              (SELECT coalesce(sum(scans + bot_scans), 0) FROM qr.code_stats)::int AS counted
       FROM qr.scans`,
    );
    return { ...rows[0], done: rows[0].rows >= sentToRedirect };
  }, INGEST_TIMEOUT_MS);
  const ingestSeconds = (Date.now() - started) / 1000;

  await db.end();
  await stopAll();
  await cleanUp(dbName, prefix);

  const round2 = (n) => Math.round(n * 100) / 100;
  const { known: knownFigures } = figures;
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, node: process.version, loadAtStart, loadAtEnd: loadNow(), pinned: PIN },
    connections: CONNECTIONS,
    requestsPerServer: REQUESTS,
    floodPerSecond: FLOOD_PER_SECOND,
    ingestDuringLoad: !pauseIngest,
    ingest: ingestMode,
    ...figures,
    // Ratios within each round, then their median: a burst of other work on a shared machine
    // spoils one round's ratio, not the result.
    ratio: round2(median(perRoundRatios.ratio)),
    unknownRatio: round2(median(perRoundRatios.unknownRatio)),
    floodRatio: round2(median(perRoundRatios.floodRatio)),
    campaignRatio: round2(median(perRoundRatios.campaignRatio)),
    domains: DOMAINS,
    domainRatio: round2(median(perRoundRatios.domainRatio)),
    cpuRatio: round2(median(perRoundRatios.cpuRatio)),
    cpuRatioTwoReplicas: round2(median(perRoundRatios.cpuRatioTwoReplicas)),
    cpuTwoReplicasVsOne: round2(median(perRoundRatios.cpuTwoReplicasVsOne)),
    perRoundRatios: Object.fromEntries(Object.entries(perRoundRatios).map(([name, values]) => [name, values.map(round2)])),
    fallbackRequests: fallbacks,
    scans: { sent: sentToRedirect, seenByClients, stored: stored.rows, distinctIds: stored.ids, counted: stored.counted, ingestSeconds },
  };
  result.checks = {
    atLeastHalfOfBare: result.ratio >= 0.5,
    p99Under10ms: knownFigures.p99Ms < 10,
    unknownAtLeast80PercentOfKnown: result.unknownRatio >= 0.8,
    floodKeepsAtLeast90Percent: result.floodRatio >= 0.9,
    campaignWithin10PercentOfPlain: result.campaignRatio >= 0.9,
    customDomainWithin10PercentOfDefault: result.domainRatio >= 0.9,
    noUnknownSlugAskedTheQrService: fallbacks === 0,
    cpuAtMostOneAndAHalfOfBare: result.cpuRatio <= 1.5,
    twoReplicasCpuAtMostOneAndAHalfOfBare: result.cpuRatioTwoReplicas <= 1.5,
    // Within the round-to-round noise of the figure (a few percent).
    twoReplicasCpuNotAboveOne: result.cpuTwoReplicasVsOne <= 1.05,
    noScanLost:
      seenByClients <= sentToRedirect && stored.rows === sentToRedirect && stored.ids === sentToRedirect && stored.counted === sentToRedirect,
    noErrors: ['known', 'unknown', 'flooded', 'flood', 'campaign', 'domain', 'twoReplicas'].every((name) => figures[name].errors === 0),
  };
  await report(result);
  log(
    JSON.stringify({
      bench: 'redirect',
      ratio: result.ratio,
      p99_ms: knownFigures.p99Ms,
      unknown_ratio: result.unknownRatio,
      flood_ratio: result.floodRatio,
      campaign_ratio: result.campaignRatio,
      domains: DOMAINS,
      domain_ratio: result.domainRatio,
      cpu_us_bare: figures.bare.cpuMicrosPerRequest,
      cpu_us_known: knownFigures.cpuMicrosPerRequest,
      cpu_us_2_bare: figures.twoBare.cpuMicrosPerRequest,
      cpu_us_2_replicas: figures.twoReplicas.cpuMicrosPerRequest,
      cpu_ratio: result.cpuRatio,
      cpu_ratio_2_replicas: result.cpuRatioTwoReplicas,
      cpu_2_replicas_vs_1: result.cpuTwoReplicasVsOne,
      ingest: ingestMode,
    }),
  );
  if (!Object.values(result.checks).every(Boolean)) process.exitCode = 1;
}

/** The paired comparison of BENCH_CANDIDATE (see there). */
async function compareCandidate({ serviceEnv, bare, bareServer, redirect, redirectService, known, qrService, warm }) {
  const port = await freePort();
  const candidate = start('redirect-service (candidate build)', [CANDIDATE], { ...serviceEnv, REDIRECT_PORT: String(port) }, serverCpu(0));
  await waitHealthy('redirect-service', port);
  const origin = `http://127.0.0.1:${port}`;
  // Warmed as the replicas were, so both builds' compilers have seen the same paths.
  await warm(origin);
  qrService.kill('SIGSTOP');
  const perRound = Math.round(REQUESTS / ROUNDS);
  const measurements = {
    bare: () => withCpu(bareServer.pid, () => run(bare, known, perRound)),
    current: () => withCpu(redirectService.pid, () => run(redirect, known, perRound)),
    candidate: () => withCpu(candidate.pid, () => run(origin, known, perRound)),
  };
  const ratios = { candidateVsCurrent: [], currentVsBare: [], candidateVsBare: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 ? ['bare', 'current', 'candidate'] : ['candidate', 'current', 'bare'];
    const results = {};
    for (const name of order) results[name] = await measurements[name]();
    const [b, current, next] = ['bare', 'current', 'candidate'].map((name) => cpuPerAnswer(results[name]));
    ratios.candidateVsCurrent.push(next / current);
    ratios.currentVsBare.push(current / b);
    ratios.candidateVsBare.push(next / b);
    log(`Round ${round}/${ROUNDS}: CPU per redirect bare ${b.toFixed(1)} µs, this build ${current.toFixed(1)}, candidate ${next.toFixed(1)}: candidate / this build ${(next / current).toFixed(3)}`);
  }
  qrService.kill('SIGCONT');
  const round3 = (n) => Math.round(n * 1000) / 1000;
  log(
    JSON.stringify({
      bench: 'redirect-candidate',
      candidate: CANDIDATE,
      rounds: ROUNDS,
      cpu_candidate_vs_current: round3(median(ratios.candidateVsCurrent)),
      cpu_current_vs_bare: round3(median(ratios.currentVsBare)),
      cpu_candidate_vs_bare: round3(median(ratios.candidateVsBare)),
      per_round_candidate_vs_current: ratios.candidateVsCurrent.map(round3),
    }),
  );
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
  const { bare, known, unknown, flooded, flood, campaign, domain, twoBare, twoReplicas, scans, checks } = result;
  const mark = (ok) => (ok ? 'yes' : '**NO**');
  const row = (label, f) => `| ${label} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.cpuMicrosPerRequest ?? ''} | ${f.errors} |`;
  const table = [
    `Last run: ${result.date} — ${result.machine.cpus} CPU cores (shared; load average ${result.machine.loadAtStart} at the start, ` +
      `${result.machine.loadAtEnd} at the end), Node ${result.machine.node}, ` +
      `${result.connections} connections, ${result.requestsPerServer} requests per measurement in ${ROUNDS} alternating rounds, ` +
      (result.machine.pinned
        ? `each server under test on a core of its own (the first of each kind on core ${result.machine.cpus - 1}, the second on core ${result.machine.cpus - 2}), wrk (one thread), Redis and the rest anywhere; `
        : 'every process on any core; ') +
      'requests/s over all rounds, p50 of the median round, p99 of the worst round, ' +
      'server CPU per request (every thread\'s run time from /proc) over all rounds, ratios the median of the per-round ratios; ' +
      ({
        live: 'the scan ingestor running alongside at the same priority.',
        background: 'the scan ingestor running alongside as background work (nice 19, with its PostgreSQL connections).',
        paused: 'the scan ingestor paused while measuring, then catching up.',
      })[result.ingest],
    '',
    '| measurement | requests/s | p50 (ms) | p99 (ms) | server CPU per request (µs) | errors |',
    '|---|---:|---:|---:|---:|---:|',
    row('bare Node `http` 302', bare),
    row('redirect-service, known slug (302)', known),
    row('redirect-service, a new made-up slug every request (404)', unknown),
    row(`redirect-service, known slug while ${result.floodPerSecond}/s made-up slugs arrive`, flooded),
    row(`... the made-up slugs of that stream (404)`, flood),
    row('redirect-service, campaign code: 10 rules, a schedule, a scan limit, an A/B split (302)', campaign),
    row(`redirect-service, known slug on a custom domain (its Host header), ${result.domains} verified domains in the table (302)`, domain),
    row(`two bare servers at once, ${result.connections} connections each (CPU of both)`, twoBare),
    row(`redirect-service, known slug on two replicas at once, ${result.connections} connections each (302; CPU of both)`, twoReplicas),
    '',
    `- server CPU per redirect, known slug / bare: **${result.cpuRatio}** (target at most 1.5): ${mark(checks.cpuAtMostOneAndAHalfOfBare)}; ` +
      `per round ${result.perRoundRatios.cpuRatio.join(', ')}`,
    `- the same on two replicas / two bare servers (CPU of both): **${result.cpuRatioTwoReplicas}** (target at most 1.5): ` +
      `${mark(checks.twoReplicasCpuAtMostOneAndAHalfOfBare)}; per round ${result.perRoundRatios.cpuRatioTwoReplicas.join(', ')}`,
    `- that ratio with two replicas / with one: **${result.cpuTwoReplicasVsOne}** (target at most 1.05: no growth beyond the noise): ` +
      `${mark(checks.twoReplicasCpuNotAboveOne)}; per round ${result.perRoundRatios.cpuTwoReplicasVsOne.join(', ')}; ` +
      `CPU per redirect two replicas / one replica, unadjusted: ${Math.round((100 * twoReplicas.cpuMicrosPerRequest) / known.cpuMicrosPerRequest) / 100}`,
    `- known slug / bare: **${result.ratio}** (target at least 0.5): ${mark(checks.atLeastHalfOfBare)}; per round ${result.perRoundRatios.ratio.join(', ')}`,
    `- known slug p99 under 10 ms: ${mark(checks.p99Under10ms)}`,
    `- unknown slugs / known slug: **${result.unknownRatio}** (target at least 0.8): ${mark(checks.unknownAtLeast80PercentOfKnown)}; ` +
      `per round ${result.perRoundRatios.unknownRatio.join(', ')}`,
    `- known slug with the stream of unknown slugs / without: **${result.floodRatio}** (target at least 0.9): ` +
      `${mark(checks.floodKeepsAtLeast90Percent)}; per round ${result.perRoundRatios.floodRatio.join(', ')}`,
    `- campaign code / plain known slug: **${result.campaignRatio}** (target at least 0.9): ` +
      `${mark(checks.campaignWithin10PercentOfPlain)}; per round ${result.perRoundRatios.campaignRatio.join(', ')}`,
    `- custom domain / default host, ${result.domains} verified domains: **${result.domainRatio}** (target at least 0.9): ` +
      `${mark(checks.customDomainWithin10PercentOfDefault)}; per round ${result.perRoundRatios.domainRatio.join(', ')}`,
    `- unknown slugs that reached the qr-service: ${result.fallbackRequests} (the table was complete): ${mark(checks.noUnknownSlugAskedTheQrService)}`,
    `- scans: ${scans.sent} redirects answered (${scans.seenByClients} seen by the clients, which stop with requests on their way), ${scans.stored} scans stored (${scans.distinctIds} distinct scan ids, ` +
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
