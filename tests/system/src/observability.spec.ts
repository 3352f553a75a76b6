import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { AddressInfo, createConnection, createServer } from 'node:net';
import { waitFor } from '@qrd/testing';
import { TestSystem } from './harness';
import { createCode, scan, scansIngested, subscribedCustomer } from './qr-fixtures';
import { TcpProxy } from './redirect-tcp-proxy';

const SERVICES = ['gateway', 'auth', 'qr', 'billing', 'redirect'] as const;

type Series = Map<string, number>;

/** The samples of a Prometheus text page, keyed `name{label="value",...}` (labels as printed). */
function parseMetrics(text: string): Series {
  const series: Series = new Map();
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})? (\S+)$/.exec(line);
    if (match) series.set(`${match[1]}${match[2] ?? ''}`, Number(match[3]));
  }
  return series;
}

async function scrape(baseUrl: string): Promise<Series> {
  const res = await fetch(`${baseUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return parseMetrics(await res.text());
}

/** The value of one series; fails, naming it, when the series is missing. */
function value(series: Series, key: string): number {
  const found = series.get(key);
  if (found === undefined) {
    const name = key.split('{')[0];
    const similar = [...series.keys()].filter((k) => k.startsWith(name)).slice(0, 10);
    throw new Error(`${key} is not in /metrics (${similar.length ? `have: ${similar.join(', ')}` : `no ${name} at all`})`);
  }
  return found;
}

function labelValues(series: Series, name: string, label: string): string[] {
  const values = new Set<string>();
  for (const key of series.keys()) {
    if (!key.startsWith(`${name}{`)) continue;
    const match = new RegExp(`${label}="([^"]*)"`).exec(key);
    if (match) values.add(match[1]);
  }
  return [...values];
}

async function health(baseUrl: string, path: string): Promise<{ status: number; body: Record<string, string> }> {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('metrics: every service publishes its series on its own port, and they move under load', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start();
  });
  afterAll(() => system.stop());

  it('counts requests by route pattern, queues, the pool, the scan stream and the redirects', async () => {
    const scrapeAll = async () => {
      const pages: Record<string, Series> = {};
      for (const service of SERVICES) pages[service] = await scrape(system.url(service));
      return pages;
    };
    const before = await scrapeAll();

    // Load: a customer subscribes (billing), buys a seat and creates codes, edits and deletes one,
    // and the codes are scanned.
    const alice = await subscribedCustomer(system);
    const first = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const second = await createCode(alice.client, { name: 'Flyer', destinationUrl: 'https://example.com/flyer' }, { buySeat: true });
    expect((await alice.client.patch(`/api/qrcodes/${first.id}`, { destinationUrl: 'https://example.com/menu-2' })).status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await scan(system.url('redirect'), first.slug)).status).toBe(302);
    expect((await alice.client.delete(`/api/qrcodes/${second.id}`)).status).toBeLessThan(300);
    expect((await scan(system.url('redirect'), 'Zz9Zz9Z')).status).toBe(404);
    await scansIngested(system);

    const after = await scrapeAll();
    const grew = (service: string, key: string) => value(after[service], key) - (before[service].get(key) ?? 0);

    // HTTP: by route pattern, never the raw URL (a code id must not become a label).
    const gateway = after.gateway;
    expect(grew('gateway', 'http_request_duration_seconds_count{method="POST",route="/api/qrcodes",status_code="201"}')).toBe(2);
    expect(grew('gateway', 'http_request_duration_seconds_count{method="PATCH",route="/api/qrcodes/:id",status_code="200"}')).toBe(1);
    const routes = labelValues(gateway, 'http_request_duration_seconds_count', 'route');
    expect(routes.some((route) => route.includes(first.id) || route.includes(second.id))).toBe(false);
    expect(value(gateway, 'http_request_duration_seconds_bucket{le="+Inf",method="POST",route="/api/qrcodes",status_code="201"}')).toBeGreaterThanOrEqual(2);

    // Queues each service consumes: depth by state and the oldest waiting job's age.
    const consumed: Record<string, string[]> = {
      gateway: ['svc-gateway'],
      auth: ['svc-auth', 'mail'],
      qr: ['svc-qr', 'webhook-deliveries'],
      billing: ['svc-billing'],
    };
    for (const [service, queues] of Object.entries(consumed)) {
      for (const queue of queues) {
        for (const state of ['waiting', 'active', 'delayed', 'failed']) {
          expect(value(after[service], `queue_jobs{queue="${queue}",state="${state}"}`)).toBeGreaterThanOrEqual(0);
        }
        expect(value(after[service], `queue_oldest_waiting_job_age_seconds{queue="${queue}"}`)).toBeGreaterThanOrEqual(0);
      }
    }

    // The PostgreSQL pool of each service that has one.
    for (const service of ['auth', 'qr', 'billing']) {
      const open = value(after[service], 'db_pool_connections{state="in_use"}') + value(after[service], 'db_pool_connections{state="idle"}');
      expect(value(after[service], 'db_pool_connections{state="max"}')).toBe(system.config.database.poolSize);
      expect(open).toBeLessThanOrEqual(system.config.database.poolSize);
      expect(value(after[service], 'db_pool_waiting')).toBe(0);
    }

    // Scans: answered and written by the redirect-service, stored by the qr-service, none lost.
    expect(grew('redirect', 'redirect_responses_total{outcome="redirect"}')).toBe(12);
    expect(grew('redirect', 'redirect_responses_total{outcome="not_found"}')).toBe(1);
    expect(grew('redirect', 'redirect_scans_written_total')).toBe(12);
    expect(value(after.redirect, 'redirect_scans_buffered')).toBe(0);
    expect(value(after.redirect, 'redirect_scans_dropped_total')).toBe(0);
    expect(grew('qr', 'scans_stored_total')).toBe(12);
    expect(value(after.qr, 'scan_stream_entries{state="lag"}')).toBe(0);
    expect(value(after.qr, 'scan_stream_entries{state="pending"}')).toBe(0);
    expect(value(after.qr, 'scan_stream_oldest_age_seconds')).toBe(0);
    expect(value(after.qr, 'dead_letters{source="scans"}')).toBe(0);

    // The process: memory and event-loop delay, as the soak reads them.
    for (const service of SERVICES) {
      expect(value(after[service], 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect(value(after[service], 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
      expect(value(after[service], 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers liveness and readiness on every service, /health being readiness', async () => {
    for (const service of SERVICES) {
      const url = system.url(service);
      expect(await health(url, '/health/live')).toEqual({ status: 200, body: { status: 'ok' } });
      const ready = await health(url, '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ok', redis: 'ok' });
      expect(await health(url, '/health')).toEqual(ready);
    }
    expect((await health(system.url('qr'), '/health/ready')).body).toMatchObject({ postgres: 'ok', 'consumer svc-qr': 'ok', 'consumer scans': 'ok' });
    expect((await health(system.url('auth'), '/health/ready')).body).toMatchObject({ postgres: 'ok', 'consumer svc-auth': 'ok', 'consumer mail': 'ok' });
    expect((await health(system.url('billing'), '/health/ready')).body).toMatchObject({ postgres: 'ok', 'consumer svc-billing': 'ok' });
    expect((await health(system.url('gateway'), '/health/ready')).body).toMatchObject({ 'consumer svc-gateway': 'ok' });
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

/** A Redis of this test's own, which it can stop without disturbing anyone else's. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = createConnection(port, '127.0.0.1');
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      }),
    10_000,
    50,
  );
  return child;
}

describe('readiness follows PostgreSQL and Redis; liveness does not', () => {
  let system: TestSystem;
  let redis: ChildProcess;
  let redisPort: number;
  let postgres: TcpProxy;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    const admin = new URL(process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    postgres = new TcpProxy(admin.hostname, Number(admin.port || 5432));
    await postgres.start();
    // Every service reaches this test's Redis, and PostgreSQL through a link the test can cut.
    system = await TestSystem.start({
      config: (config) => {
        const database = new URL(config.databaseUrl);
        database.host = `127.0.0.1:${postgres.port}`;
        return { ...config, redisUrl: `redis://127.0.0.1:${redisPort}`, databaseUrl: database.toString() };
      },
    });
  });
  afterAll(async () => {
    await system?.stop();
    await postgres?.cut();
    redis?.kill('SIGKILL');
  });

  async function statuses(path: string): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const service of SERVICES) result[service] = (await fetch(`${system.url(service)}${path}`)).status;
    return result;
  }

  const all = (status: number) => Object.fromEntries(SERVICES.map((s) => [s, status]));

  it('is ready with both up', async () => {
    expect(await statuses('/health/ready')).toEqual(all(200));
  });

  it('answers 503 naming Redis while Redis is unreachable, stays live, and is ready again once it is back', async () => {
    redis.kill('SIGKILL');
    await once(redis, 'exit');

    await waitFor(async () => expect(await statuses('/health/ready')).toEqual(all(503)), 15_000, 200);
    expect(await statuses('/health')).toEqual(all(503));
    expect(await statuses('/health/live')).toEqual(all(200));
    const qr = await health(system.url('qr'), '/health/ready');
    expect(qr.body.status).toBe('unavailable');
    expect(qr.body.redis).toMatch(/^down: /);
    expect(qr.body.postgres).toBe('ok');

    redis = await startRedis(redisPort);
    await waitFor(async () => expect(await statuses('/health/ready')).toEqual(all(200)), 30_000, 200);
  });

  it('answers 503 naming PostgreSQL on the services that use it while it is unreachable', async () => {
    await postgres.cut();

    const expected = { gateway: 200, auth: 503, qr: 503, billing: 503, redirect: 200 };
    await waitFor(async () => expect(await statuses('/health/ready')).toEqual(expected), 15_000, 200);
    expect(await statuses('/health/live')).toEqual(all(200));
    const billing = await health(system.url('billing'), '/health/ready');
    expect(billing.body.postgres).toMatch(/^down: /);
    expect(billing.body.redis).toBe('ok');

    await postgres.restore();
    await waitFor(async () => expect(await statuses('/health/ready')).toEqual(all(200)), 30_000, 200);
  });
});
