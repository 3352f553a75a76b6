// `npm run bench:import -- --rows N` (default 100,000): a CSV bulk import through nginx, as a
// brand that prints a unique code on every package runs it. Starts the five services as processes
// and nginx (nginx/nginx.conf, the front door operators run) on a throwaway database and Redis
// prefix, signs one subscriber up, then for a baseline import of 1,000 rows and for the N-row one:
// the file streamed up as it is generated (chunked, never whole in memory), the preview, one
// confirmation that buys the missing seats, and the creation polled until it ends. Measures the
// upload's and the creation's time, the peak RSS (VmHWM, /proc) of every process after each
// import, and checks that every row became exactly one code and the seats match the codes.
// Prints the figures and ends with one JSON line; the full result goes to tmp/bench/import.json.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { checkDependencies } from '../preflight.mjs';
import { ROOT, SERVICES } from '../system.mjs';
import { cleanUp, env, fail, freePort, loadText, log, machine, numberArg, report, scratch, startSystem } from './bench-kit.mjs';

const ROWS = numberArg('rows', 100_000);
// `--heap-mb N` caps every service's V8 old space (--max-old-space-size): an import that held its
// rows in memory would fail under a cap far below its size; flat memory goes through.
const HEAP_MB = process.argv.includes('--heap-mb') ? numberArg('heap-mb', 0) : null;
const BASELINE_ROWS = 1000;
const PASSWORD = 'Bench-password-1';
const NGINX = env.NGINX_PATH ?? (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');

async function main() {
  await checkDependencies(env);
  const run = scratch('import');
  let system;
  let nginx;
  try {
    const edgePort = await freePort();
    const base = `http://127.0.0.1:${edgePort}`;
    let ports;
    ({ ports, system } = await startSystem(run, { base, extra: HEAP_MB ? { NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --max-old-space-size=${HEAP_MB}`.trim() } : {} }));
    nginx = await startNginx(edgePort, ports.GATEWAY_PORT, ports.REDIRECT_PORT);
    const processes = [
      ...SERVICES.map((service, i) => ({ name: service.name, pid: system.children[i].pid })),
      { name: 'nginx', pid: nginx.child.pid, withChildren: true },
    ];
    const api = client(base);
    const user = await signUp(api);
    const db = new pg.Client({ connectionString: run.databaseUrl });
    await db.connect();
    try {
      const baseline = await importRows(api, db, user.id, BASELINE_ROWS, 0, processes);
      const measured = await importRows(api, db, user.id, ROWS, BASELINE_ROWS, processes);
      const seats = (await api.get('/api/subscription')) ?? {};
      const codes = Number((await db.query('SELECT count(*) AS n FROM qr.codes WHERE owner_id = $1 AND deleted_at IS NULL', [user.id])).rows[0].n);
      if (codes !== BASELINE_ROWS + ROWS) throw new Error(`${codes} codes for ${BASELINE_ROWS + ROWS} rows`);
      if (seats.seats !== codes || seats.seatsUsed !== codes) throw new Error(`seats ${seats.seats}, used ${seats.seatsUsed}, for ${codes} codes`);
      await finish(baseline, measured, { codes, seats: seats.seats });
    } finally {
      await db.end();
    }
  } finally {
    await nginx?.stop();
    await system?.stop();
    await cleanUp(run);
  }
}

/** nginx/nginx.conf as operators run it; only the upstreams, the port and the paths are replaced (as the browser tests do). */
async function startNginx(port, gatewayPort, redirectPort) {
  const dir = join(ROOT, 'tmp', 'bench', `nginx-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};\n` : '';
  const conf = readFileSync(join(ROOT, 'nginx', 'nginx.conf'), 'utf8')
    .replace('server gateway:3000;', `server 127.0.0.1:${gatewayPort};`)
    .replace('server redirect-service:3004;', `server 127.0.0.1:${redirectPort};`)
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${dir};`)
    .replace('pid /tmp/nginx.pid;', `pid ${join(dir, 'nginx.pid')};`)
    .replace(/\/tmp\/nginx-/g, `${dir}/nginx-`)
    .replace('access_log /dev/stdout json;', `access_log ${join(dir, 'access.log')} json;`)
    .replace('worker_processes auto;', 'worker_processes 2;');
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, user + conf);
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((res) => res.ok, () => false);
    if (ok) break;
    if (i > 100 || child.exitCode !== null) throw new Error('nginx did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

/** A browser-like client: keeps the session cookie, sends our Origin on writes. */
function client(base) {
  let cookie = '';
  const call = async (method, path, body, headers = {}) => {
    const streamed = body instanceof ReadableStream;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, ...(body && !streamed ? { 'content-type': 'application/json' } : {}), ...headers },
      body: streamed ? body : body ? JSON.stringify(body) : undefined,
      ...(streamed ? { duplex: 'half' } : {}),
    });
    const set = res.headers.getSetCookie?.() ?? [];
    if (set.length) cookie = set.map((c) => c.split(';')[0]).join('; ');
    const text = await res.text();
    if (res.status >= 400) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body, headers) => call('POST', path, body, headers),
  };
}

async function signUp(api) {
  const username = `bench${randomBytes(3).toString('hex')}`;
  const details = { username, email: `${username}@example.com`, password: PASSWORD, billingInterval: 'monthly' };
  const setup = await api.post('/api/create-signup-payment-intent', { username, email: details.email, billingInterval: 'monthly' });
  await api.post('/api/test-payments/confirm', { clientSecret: setup.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
  await api.post('/api/register', { ...details, stripeCustomerId: setup.customerId, stripeSubscriptionId: setup.subscriptionId });
  return { id: (await api.get('/api/auth/user')).id, username };
}

/** The file as a stream generated as it is sent: rows `from`+1 .. `from`+`rows`, each with its own destination. */
function csvStream(rows, from) {
  let next = 0;
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode('name,destination,category,tags\r\n'));
      if (next >= rows) return controller.close();
      let chunk = '';
      for (const end = Math.min(rows, next + 1000); next < end; next++) {
        const n = from + next + 1;
        chunk += `Package ${n},https://brand.example.com/p/${n}?batch=2026-11,product,packaging;lot-${n % 50}\r\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

/** Peak resident set (VmHWM) in MB of a process, with its children's largest (nginx's workers). */
function peakRss(pid, withChildren) {
  const hwm = (p) => {
    try {
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return match ? Number(match[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let peak = hwm(pid);
  if (withChildren) {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const child of children) peak = Math.max(peak, hwm(Number(child)));
  }
  return Math.round(peak);
}

async function importRows(api, db, userId, rows, from, processes) {
  log(`importing ${rows.toLocaleString('en-US')} rows through nginx ...`);
  const started = performance.now();
  const draft = await api.post('/api/imports', csvStream(rows, from), { 'content-type': 'text/csv' });
  const uploaded = performance.now();
  if (draft.rowCount !== rows || draft.invalidRows !== 0) throw new Error(`the preview has ${draft.rowCount} rows, ${draft.invalidRows} invalid`);
  const confirmed = await api.post(`/api/imports/${draft.id}/confirm`, { totalCents: draft.pricing.totalCents }, { 'idempotency-key': `bench-${draft.id}` });
  const queued = performance.now();
  let view = confirmed;
  let lastLog = 0;
  while (view.state === 'queued' || view.state === 'running') {
    await new Promise((r) => setTimeout(r, 500));
    view = await api.get(`/api/imports/${draft.id}`);
    if (performance.now() - lastLog > 10_000) {
      lastLog = performance.now();
      log(`  ${view.progress.created.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} created`);
    }
  }
  const ended = performance.now();
  if (view.state !== 'done' || view.progress.created !== rows || view.progress.failed !== 0) {
    throw new Error(`the import ended ${view.state}: ${JSON.stringify(view.progress)}`);
  }
  // Every row once: one code per row, no code for two rows, no row without its code, every destination once.
  const check = (
    await db.query(
      `SELECT count(*)::int AS rows, count(r.code_id)::int AS linked, count(DISTINCT r.code_id)::int AS distinct_codes,
              count(DISTINCT c.destination)::int AS destinations
       FROM qr.bulk_import_rows r JOIN qr.codes c ON c.id = r.code_id WHERE r.import_id = $1`,
      [draft.id],
    )
  ).rows[0];
  if (check.rows !== rows || check.linked !== rows || check.distinct_codes !== rows || check.destinations !== rows) {
    throw new Error(`rows created more or less than once: ${JSON.stringify(check)}`);
  }
  const peaks = Object.fromEntries(processes.map((p) => [p.name, peakRss(p.pid, p.withChildren)]));
  const result = {
    rows,
    uploadSeconds: round((uploaded - started) / 1000),
    confirmSeconds: round((queued - uploaded) / 1000),
    createSeconds: round((ended - queued) / 1000),
    totalSeconds: round((ended - started) / 1000),
    createdPerSecond: Math.round(rows / ((ended - queued) / 1000)),
    peakRssMb: peaks,
  };
  log(`  ${JSON.stringify(result)}`);
  return result;
}

function round(n) {
  return Math.round(n * 10) / 10;
}

async function finish(baseline, measured, totals) {
  const facts = machine();
  const when = new Date().toISOString().slice(0, 10);
  const names = Object.keys(measured.peakRssMb);
  const markdown = [
    `## Bulk import from CSV through nginx (\`npm run bench:import\`)`,
    '',
    `${when}, ${facts.cpus} CPUs, Node ${facts.node}, ${loadText(facts.load)}. One subscriber; the file streamed up as it is`,
    `generated; every row checked that it became exactly one code (${totals.codes.toLocaleString('en-US')} codes, ${totals.seats.toLocaleString('en-US')} seats).`,
    HEAP_MB ? `Every service ran with its V8 old space capped at ${HEAP_MB} MB (\`--heap-mb ${HEAP_MB}\`).` : 'No heap cap (`--heap-mb N` sets one).',
    '',
    '| import | upload + check | confirm (buys seats) | creation | total | codes created / s |',
    '|---|---|---|---|---|---|',
    ...[baseline, measured].map(
      (r) => `| ${r.rows.toLocaleString('en-US')} rows | ${r.uploadSeconds} s | ${r.confirmSeconds} s | ${r.createSeconds} s | ${r.totalSeconds} s | ${r.createdPerSecond.toLocaleString('en-US')} |`,
    ),
    '',
    `Peak RSS (VmHWM, MB) of each process after the ${baseline.rows.toLocaleString('en-US')}-row baseline and after the ${measured.rows.toLocaleString('en-US')}-row import:`,
    '',
    `| | ${names.join(' | ')} |`,
    `|---|${names.map(() => '---').join('|')}|`,
    `| after ${baseline.rows.toLocaleString('en-US')} rows | ${names.map((n) => baseline.peakRssMb[n]).join(' | ')} |`,
    `| after ${measured.rows.toLocaleString('en-US')} rows | ${names.map((n) => measured.peakRssMb[n]).join(' | ')} |`,
  ].join('\n');
  await report('import', { machine: facts, heapCapMb: HEAP_MB, baseline, measured, totals }, markdown, {
    rows: measured.rows,
    heapCapMb: HEAP_MB,
    totalSeconds: measured.totalSeconds,
    uploadSeconds: measured.uploadSeconds,
    createSeconds: measured.createSeconds,
    createdPerSecond: measured.createdPerSecond,
    peakRssMb: measured.peakRssMb,
    baselinePeakRssMb: baseline.peakRssMb,
  });
}

main().catch(fail);
