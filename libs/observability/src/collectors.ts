import type { Queue } from 'bullmq';
import type IORedis from 'ioredis';
import type { DataSource } from 'typeorm';
import { Sample, ServiceMetrics } from './service-metrics';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

/** A connection that is not connected answers nothing now: say so rather than queue the command. */
export function assertConnected(redis: IORedis, what = 'redis'): void {
  if (redis.status !== 'ready') throw new Error(`${what} is not connected (${redis.status})`);
}

/**
 * Queue depth by state and the age of the oldest waiting job, for each BullMQ queue the service
 * owns or consumes, read at scrape time. `failed` jobs are the queue's dead letters (events whose
 * every attempt failed; kept a week for an operator to retry).
 */
export class QueueMetrics {
  private readonly queues = new Map<string, Queue>();

  constructor(metrics: ServiceMetrics) {
    metrics.registerGauge(
      'queue_jobs',
      'Jobs in a BullMQ queue by state (failed: dead letters kept for an operator).',
      () => this.each(async (name, queue) => {
        const counts = await queue.getJobCounts(...QUEUE_STATES);
        return QUEUE_STATES.map((state) => ({ labels: { queue: name, state }, value: counts[state] ?? 0 }));
      }),
      ['queue', 'state'],
    );
    metrics.registerGauge(
      'queue_oldest_waiting_job_age_seconds',
      'Age of the oldest job waiting in a BullMQ queue (0 when none waits).',
      () => this.each(async (name, queue) => {
        const [oldest] = await queue.getJobs(['waiting'], 0, 0, true);
        const age = oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0;
        return [{ labels: { queue: name }, value: age }];
      }),
      ['queue'],
    );
  }

  /** Publishes `queue`'s figures from now on (read through the queue's own connection). */
  watch(queue: Queue): void {
    this.queues.set(queue.name, queue);
  }

  unwatch(name: string): void {
    this.queues.delete(name);
  }

  private async each<L extends string>(read: (name: string, queue: Queue) => Promise<Sample<L>[]>): Promise<Sample<L>[]> {
    const samples = await Promise.all(
      [...this.queues].map(async ([name, queue]) => {
        assertConnected((await queue.client) as unknown as IORedis, `the ${name} queue's connection`);
        return read(name, queue);
      }),
    );
    return samples.flat();
  }
}

interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/** The pg pool behind a TypeORM data source (its `master` pool; no replicas are configured). */
function poolOf(dataSource: DataSource): PgPool | undefined {
  return (dataSource.driver as unknown as { master?: PgPool }).master;
}

/** Connections of the service's PostgreSQL pool in use, idle and at most, and queries waiting for one. */
export function registerPoolMetrics(metrics: ServiceMetrics, dataSource: DataSource): void {
  metrics.registerGauge(
    'db_pool_connections',
    'PostgreSQL pool connections by state (in_use, idle) and the pool size (max).',
    () => {
      const pool = poolOf(dataSource);
      if (!pool) return [];
      return [
        { labels: { state: 'in_use' }, value: pool.totalCount - pool.idleCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'max' }, value: pool.options?.max ?? 0 },
      ];
    },
    ['state'],
  );
  metrics.registerGauge('db_pool_waiting', 'Queries waiting for a free PostgreSQL pool connection.', () => poolOf(dataSource)?.waitingCount ?? 0);
}

/** Entry id of a Redis stream -> the millisecond time it was appended. */
function streamIdTime(id: string): number {
  return Number(id.split('-')[0]);
}

export interface StreamMetricsOptions {
  redis: IORedis;
  /** The stream's shards (one key each, SCAN_STREAM_SHARDS): the figures are over all of them. */
  streams: string[];
  group: string;
  deadLetters: string;
}

/**
 * The scan stream as its consumer group sees it, over every shard: entries not yet read (lag),
 * read but not yet stored (pending), the age of the oldest entry still in any shard (entries are
 * deleted once stored, so this is how far ingestion is behind), and the dead letters. Each shard
 * is asked on its own (on a cluster they are on different masters).
 */
export function registerStreamMetrics(metrics: ServiceMetrics, options: StreamMetricsOptions): void {
  const { redis, streams, group, deadLetters } = options;
  const groupInfo = async (stream: string): Promise<{ lag: number; pending: number }> => {
    const groups = (await redis.xinfo('GROUPS', stream).catch(() => [])) as unknown[][];
    for (const fields of groups) {
      const info: Record<string, unknown> = {};
      for (let i = 0; i + 1 < fields.length; i += 2) info[String(fields[i])] = fields[i + 1];
      if (info.name === group) return { lag: Number(info.lag ?? 0), pending: Number(info.pending ?? 0) };
    }
    return { lag: 0, pending: 0 };
  };
  metrics.registerGauge(
    'scan_stream_entries',
    'Scans in the stream not yet stored: lag (not yet read by the ingestors) and pending (read, not yet committed).',
    async () => {
      assertConnected(redis);
      const shards = await Promise.all(streams.map(groupInfo));
      return [
        { labels: { state: 'lag' }, value: shards.reduce((sum, s) => sum + s.lag, 0) },
        { labels: { state: 'pending' }, value: shards.reduce((sum, s) => sum + s.pending, 0) },
      ];
    },
    ['state'],
  );
  metrics.registerGauge('scan_stream_oldest_age_seconds', 'Age of the oldest scan still in the stream, over its shards (0 when they are empty).', async () => {
    assertConnected(redis);
    const firsts = await Promise.all(streams.map((stream) => redis.xrange(stream, '-', '+', 'COUNT', 1) as Promise<[string, string[]][]>));
    const oldest = Math.min(...firsts.map(([first]) => (first ? streamIdTime(first[0]) : Number.POSITIVE_INFINITY)));
    return Number.isFinite(oldest) ? Math.max(0, (Date.now() - oldest) / 1000) : 0;
  });
  metrics.registerGauge(
    'dead_letters',
    'Entries set aside because they could not be processed, by source (scans: the scan dead-letter stream).',
    async () => {
      assertConnected(redis);
      return [{ labels: { source: 'scans' }, value: await redis.xlen(deadLetters) }];
    },
    ['source'],
  );
}
