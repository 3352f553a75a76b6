import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import { QueueMetrics } from './collectors';
import { ServiceMetrics } from './service-metrics';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function sample(text: string, key: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  return line === undefined ? undefined : Number(line.slice(key.length + 1));
}

describe('ServiceMetrics', () => {
  it('publishes gauges and counters read at scrape time, with and without labels', async () => {
    const metrics = new ServiceMetrics('test');
    let hits = 0;
    metrics.registerCounter('example_hits_total', 'Hits.', () => hits);
    metrics.registerGauge('example_items', 'Items by state.', async () => [
      { labels: { state: 'open' }, value: 3 },
      { labels: { state: 'done' }, value: 5 },
    ], ['state']);
    hits = 7;

    const text = await metrics.metrics();

    expect(sample(text, 'example_hits_total')).toBe(7);
    expect(sample(text, 'example_items{state="open"}')).toBe(3);
    expect(sample(text, 'example_items{state="done"}')).toBe(5);
    expect(text).toContain('# TYPE example_hits_total counter');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('shows no stale value when a collector fails (NaN, or no series when labelled) and still answers the scrape', async () => {
    const metrics = new ServiceMetrics('test');
    const failures: string[] = [];
    metrics.onCollectError = (name) => failures.push(name);
    metrics.registerGauge('example_broken', 'Fails.', () => {
      throw new Error('redis is away');
    });
    metrics.registerGauge('example_broken_by_state', 'Fails.', async () => {
      throw new Error('redis is away');
    }, ['state']);
    metrics.registerGauge('example_fine', 'Works.', () => 1);

    const text = await metrics.metrics();

    expect(sample(text, 'example_broken')).toBeNaN();
    expect(text).not.toMatch(/^example_broken_by_state\{/m);
    expect(sample(text, 'example_fine')).toBe(1);
    expect(failures).toEqual(['example_broken', 'example_broken_by_state']);
  });

  it('is ready only when every check passes, naming the failing one and why', async () => {
    const metrics = new ServiceMetrics('test');
    metrics.addReadinessCheck('redis', () => undefined);
    metrics.addReadinessCheck('postgres', async () => {
      throw new Error('connection refused');
    });

    expect(await metrics.readiness()).toEqual({ ready: false, checks: { redis: 'ok', postgres: 'down: connection refused' } });

    metrics.removeReadinessCheck('postgres');
    expect(await metrics.readiness()).toEqual({ ready: true, checks: { redis: 'ok' } });
  });

  it('counts a check that does not answer within two seconds as down', async () => {
    const metrics = new ServiceMetrics('test');
    metrics.addReadinessCheck('stuck', () => new Promise<void>(() => undefined));

    const { ready, checks } = await metrics.readiness();

    expect(ready).toBe(false);
    expect(checks.stuck).toMatch(/^down: stuck did not answer within 2000 ms/);
  });
});

describe('QueueMetrics', () => {
  const prefix = `t${randomBytes(5).toString('hex')}`;
  let queue: Queue;

  beforeAll(() => {
    queue = new Queue('example', { connection: new IORedis(REDIS_URL, { maxRetriesPerRequest: null }), prefix });
  });
  afterAll(async () => {
    await queue.obliterate({ force: true });
    await queue.close();
    (await queue.client).disconnect();
  });

  it('publishes each state and the age of the oldest waiting job', async () => {
    const metrics = new ServiceMetrics('test');
    new QueueMetrics(metrics).watch(queue);
    await queue.add('first', {}, { timestamp: Date.now() - 60_000 });
    await queue.add('second', {});
    await queue.add('later', {}, { delay: 60_000 });

    const text = await metrics.metrics();

    expect(sample(text, 'queue_jobs{queue="example",state="waiting"}')).toBe(2);
    expect(sample(text, 'queue_jobs{queue="example",state="delayed"}')).toBe(1);
    expect(sample(text, 'queue_jobs{queue="example",state="failed"}')).toBe(0);
    // The oldest is the first one added (a minute old), not the newest.
    expect(sample(text, 'queue_oldest_waiting_job_age_seconds{queue="example"}')).toBeGreaterThanOrEqual(60);
  });
});
