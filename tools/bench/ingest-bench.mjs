// `npm run bench:ingest`: how fast the qr-service drains a backlog of scans from the stream
// (enrichment, raw rows, rollups, unique visitors, counters, acknowledgement), against a baseline
// in the same run: a bare multi-row INSERT of the same raw rows into an unindexed table; and the
// bytes a raw scan takes in PostgreSQL (its table and every index, per row) against that table's.
// `--scans N` sets the backlog (default 300,000; the storage target is read at 10 million).
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import IORedis from 'ioredis';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { checkDependencies } from '../preflight.mjs';
import { entryOf, runNode, waitHealthy } from '../system.mjs';
import { adminQuery, cleanUp, env, fail, freePort, loadText, log, machine, numberArg, redisUrl, report, scratch, start, stopAll } from './bench-kit.mjs';

const SCANS = numberArg('scans', 300_000);
/** Bytes a raw scan may take (table and indexes). */
const BYTES_TARGET = 120;
/** A backlog drains in 15 minutes, or at 5,000 scans a second for a larger one. */
const DRAIN_LIMIT_MS = Math.max(900_000, (SCANS / 5000) * 1000);
const CODES = 100;
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'WhatsApp/2.23.20.0',
];
const REFERERS = ['', '', '', 'https://www.instagram.com/', 'https://t.co/abc', 'https://www.facebook.com/'];
const LANGUAGES = ['en-US,en;q=0.9', 'de-DE,de;q=0.9', 'fr-FR', 'es-ES,es;q=0.8', 'hi-IN'];

/** A deterministic PRNG (mulberry32), so runs are comparable. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const slug = () => Array.from(randomBytes(7), (b) => BASE62[b % 62]).join('');

async function main() {
  await checkDependencies(env);
  const run = scratch('ingest');
  try {
    await measure(run);
  } finally {
    await stopAll();
    await cleanUp(env.BENCH_KEEP_DB ? { ...run, dbName: null } : run);
  }
}

async function measure(run) {
  const childEnv = { ...env, NODE_ENV: 'production', SESSION_SECRET: randomBytes(24).toString('hex'), DATABASE_URL: run.databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: run.prefix, LOG_LEVEL: 'warn' };
  await adminQuery(`CREATE DATABASE ${run.dbName}`);
  await runNode(entryOf('qr-service'), ['migrate'], childEnv);
  // BENCH_PG_LOG=1: every statement's duration in PostgreSQL's log, to see where the time goes.
  if (env.BENCH_PG_LOG) await adminQuery(`ALTER DATABASE ${run.dbName} SET log_min_duration_statement = 0`);
  const db = new pg.Client({ connectionString: run.databaseUrl });
  await db.connect();
  const owner = '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab';
  const codes = (
    await db.query(
      `INSERT INTO qr.codes (slug, owner_id, name, destination)
       SELECT s, $1, 'Bench ' || n, 'https://example.com/' || n FROM unnest($2::text[]) WITH ORDINALITY AS x(s, n)
       RETURNING id, slug`,
      [owner, Array.from({ length: CODES }, slug)],
    )
  ).rows;

  const port = await freePort();
  const qr = start('qr-service', [...(env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=tmp/bench'] : []), entryOf('qr-service')], { ...childEnv, QR_PORT: String(port) });
  await waitHealthy('qr-service', port, 60_000, () => qr.exitCode === null);
  qr.kill('SIGSTOP');

  log(`appending ${SCANS} scans to the stream while the ingestor is paused ...`);
  const rand = random(42);
  const ips = Array.from({ length: 20_000 }, () => `${1 + Math.floor(rand() * 222)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`);
  const now = Date.now();
  // What the baseline inserts, kept compactly: ten million entries as arrays would not fit the heap.
  const rows = { ids: new Array(SCANS), codes: new Uint8Array(SCANS), ts: new Float64Array(SCANS), ips: new Uint16Array(SCANS), agents: new Uint8Array(SCANS), referers: new Uint8Array(SCANS), languages: new Uint8Array(SCANS) };
  const redis = new IORedis(redisUrl);
  const stream = `${run.prefix}:scans`;
  for (let n = 0; n < SCANS; n += 5000) {
    const pipeline = redis.pipeline();
    for (let i = n; i < Math.min(SCANS, n + 5000); i++) {
      // A few codes get most scans (a poster campaign), the others a trickle.
      const codeAt = Math.floor(CODES * rand() ** 3);
      const code = codes[codeAt];
      const ts = now - Math.floor(rand() * 3600_000);
      const [ip, agent, referer, language] = [Math.floor(rand() * ips.length), Math.floor(rand() * AGENTS.length), Math.floor(rand() * REFERERS.length), Math.floor(rand() * LANGUAGES.length)];
      const entry = [2, uuidv7(), code.id, code.slug, ts, ips[ip], AGENTS[agent], REFERERS[referer], LANGUAGES[language], '', 'GET', ''];
      rows.ids[i] = entry[1];
      rows.codes[i] = codeAt;
      rows.ts[i] = ts;
      rows.ips[i] = ip;
      rows.agents[i] = agent;
      rows.referers[i] = referer;
      rows.languages[i] = language;
      pipeline.xadd(stream, '*', 's', JSON.stringify(entry));
    }
    await pipeline.exec();
  }

  const loadBefore = machine().load;
  const cpuBefore = cpuSeconds(qr.pid, run.dbName);
  const started = Date.now();
  qr.kill('SIGCONT');
  for (;;) {
    const [length, pending] = await Promise.all([redis.xlen(stream), redis.xpending(stream, 'qr-ingest').catch(() => [0])]);
    if (length === 0 && Number(pending[0]) === 0) break;
    if (Date.now() - started > DRAIN_LIMIT_MS) throw new Error(`the backlog did not drain within ${DRAIN_LIMIT_MS / 60_000} minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (Date.now() - started) / 1000;
  const cpuAfter = cpuSeconds(qr.pid, run.dbName);
  const cpu = cpuAfter && cpuBefore ? { service: cpuAfter.service - cpuBefore.service, postgres: cpuAfter.postgres - cpuBefore.postgres } : null;
  const stored = Number((await db.query('SELECT count(*) FROM qr.scan_rows')).rows[0].count);
  await stopAll();
  const storage = await rawScanBytes(db, stored);
  redis.disconnect();

  log('baseline: the same raw rows, one bare INSERT per 5,000 ...');
  await db.query(`CREATE UNLOGGED TABLE bare (scan_id uuid, code_id uuid, scanned_at timestamptz, ip text, user_agent text, referer text, language text)`);
  const bareStarted = Date.now();
  for (let n = 0; n < SCANS; n += 5000) {
    const at = Array.from({ length: Math.min(SCANS, n + 5000) - n }, (_, k) => n + k);
    await db.query(
      `INSERT INTO bare SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        at.map((i) => rows.ids[i]),
        at.map((i) => codes[rows.codes[i]].id),
        at.map((i) => new Date(rows.ts[i]).toISOString()),
        at.map((i) => ips[rows.ips[i]]),
        at.map((i) => AGENTS[rows.agents[i]]),
        at.map((i) => REFERERS[rows.referers[i]]),
        at.map((i) => LANGUAGES[rows.languages[i]]),
      ],
    );
  }
  const bareSeconds = (Date.now() - bareStarted) / 1000;
  const bareBytes = Number((await db.query(`SELECT pg_total_relation_size('bare') AS n`)).rows[0].n) / SCANS;
  await db.end();

  const scansPerS = Math.round(SCANS / seconds);
  const barePerS = Math.round(SCANS / bareSeconds);
  const result = { date: new Date().toISOString(), machine: machine(), loadBefore, scans: SCANS, codes: CODES, stored, seconds, scansPerS, barePerS, cpu, storage, bareBytes };
  // CPU time per scan does not depend on how busy the machine is: builds compare on it even when the rates swing.
  const cpuPerScan = cpu && { service: Math.round((cpu.service / SCANS) * 1e6), postgres: Math.round((cpu.postgres / SCANS) * 1e6) };
  const markdown = [
    `Last run: ${result.date} — ${result.machine.cpus} CPU cores (shared with PostgreSQL and Redis), Node ${result.machine.node}; ` +
      `${SCANS.toLocaleString('en-US')} scans of ${CODES} codes (a few codes get most of them) appended while the qr-service was paused, then drained by one qr-service process; ` +
      `${loadText(loadBefore)} when the drain started, ${loadText(result.machine.load)} at the end.`,
    '',
    '| | rows/s |',
    '|---|---:|',
    `| scan ingest (enrich, store, roll up, acknowledge) | ${scansPerS.toLocaleString('en-US')} |`,
    `| baseline: bare INSERT of the raw rows, unlogged, no index | ${barePerS.toLocaleString('en-US')} |`,
    '',
    `- ingest / baseline: **${(scansPerS / barePerS).toFixed(2)}**; target at least 30,000 scans/s: ${scansPerS >= 30_000 ? 'yes' : '**NO**'}`,
    `- every scan stored once: ${stored === SCANS ? 'yes' : `**NO** (${stored} stored)`}`,
    `- a raw scan in PostgreSQL: ${storage.table.toFixed(1)} bytes of table + ${storage.indexes.toFixed(1)} of indexes = **${storage.total.toFixed(1)}** ` +
      `(target at most ${BYTES_TARGET}: ${storage.total <= BYTES_TARGET ? 'yes' : '**NO**'}); the baseline's bare row ${bareBytes.toFixed(1)} bytes, ratio ${(storage.total / bareBytes).toFixed(2)}; ` +
      `the dictionaries of agents, places and contexts ${storage.dictionaryBytes.toLocaleString('en-US')} bytes in all`,
    ...(cpuPerScan ? [`- CPU time per scan during the drain: qr-service ${cpuPerScan.service} µs, its PostgreSQL connections ${cpuPerScan.postgres} µs`] : []),
  ].join('\n');
  await report('ingest', result, markdown, {
    scans: SCANS,
    scans_per_s: scansPerS,
    baseline_rows_per_s: barePerS,
    ratio: Number((scansPerS / barePerS).toFixed(2)),
    cpu_us_per_scan: cpuPerScan,
    bytes_per_scan: Number(storage.total.toFixed(1)),
    bytes_table: Number(storage.table.toFixed(1)),
    bytes_indexes: Number(storage.indexes.toFixed(1)),
    baseline_bytes_per_row: Number(bareBytes.toFixed(1)),
  });
  if (stored !== SCANS) process.exitCode = 1;
}

/**
 * Bytes per stored scan of the raw scans' partitions (heap with its free-space and visibility
 * maps) and of all their indexes; the dictionaries they point into are counted apart.
 */
async function rawScanBytes(db, stored) {
  const [row] = (
    await db.query(
      `SELECT sum(pg_table_size(relid)) AS tables, sum(pg_indexes_size(relid)) AS indexes,
              (SELECT sum(pg_total_relation_size(d)) FROM unnest('{qr.scan_agents,qr.scan_places,qr.scan_contexts}'::regclass[]) d) AS dictionaries
       FROM pg_partition_tree('qr.scan_rows') WHERE isleaf`,
    )
  ).rows;
  const table = Number(row.tables) / stored;
  const indexes = Number(row.indexes) / stored;
  return { table, indexes, total: table + indexes, dictionaryBytes: Number(row.dictionaries) };
}

/**
 * CPU seconds used so far by the qr-service process and by the PostgreSQL backends serving the
 * run's database (Linux /proc; null elsewhere). Connections closed in between are not counted.
 */
function cpuSeconds(pid, dbName) {
  try {
    const ticks = (stat) => {
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[11]) + Number(fields[12]);
    };
    const hz = 100;
    const service = ticks(readFileSync(`/proc/${pid}/stat`, 'utf8')) / hz;
    let postgres = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${dbName} `)) continue;
        postgres += ticks(readFileSync(`/proc/${entry}/stat`, 'utf8')) / hz;
      } catch {
        // The process ended meanwhile.
      }
    }
    return { service, postgres };
  } catch {
    return null;
  }
}

main().catch(fail);
