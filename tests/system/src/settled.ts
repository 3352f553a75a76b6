import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { bullPrefix, redisOptions } from '@qrd/messaging';
import { waitFor } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import { TestSystem } from './harness';

const OUTBOXES = ['auth.outbox', 'qr.outbox', 'billing.outbox'];

/** Jobs still to run on one queue; the schedulers' next runs (repeat jobs) do not count. */
async function pendingJobs(queue: Queue): Promise<number> {
  const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children', 'paused');
  const delayed = await queue.getDelayed();
  const retries = delayed.filter((job) => !job.id?.startsWith('repeat:') && !job.repeatJobKey);
  return Object.values(counts).reduce((sum, n) => sum + n, 0) + retries.length;
}

/**
 * Waits until everything the system was asked to do has been done: every outbox row delivered and
 * every queue without a job waiting, running or due for a retry, twice in a row. What a test then
 * finds missing (a webhook not sent, a code not created) is never going to arrive.
 */
export async function settled(system: TestSystem, timeoutMs = 20_000): Promise<void> {
  const prefix = bullPrefix(system.config.redisPrefix);
  const redis = new IORedis(redisOptions(system.config.redisUrl, { lazyConnect: false }));
  const queues = new Map<string, Queue>();
  try {
    const busy = async (): Promise<number> => {
      let pending = 0;
      for (const table of OUTBOXES) {
        const [row] = await sql<{ n: number }>(system, `SELECT count(*)::int AS n FROM ${table} WHERE delivered_at IS NULL`);
        pending += row.n;
      }
      for (const key of await redis.keys(`${prefix}:*:meta`)) {
        const name = key.slice(prefix.length + 1, -':meta'.length);
        if (!queues.has(name)) queues.set(name, new Queue(name, { connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }), prefix }));
        pending += await pendingJobs(queues.get(name) as Queue);
      }
      return pending;
    };
    let quietChecks = 0;
    await waitFor(async () => {
      quietChecks = (await busy()) === 0 ? quietChecks + 1 : 0;
      if (quietChecks < 2) throw new Error('the system is still working');
    }, timeoutMs, 100);
  } finally {
    await Promise.all([...queues.values()].map((queue) => queue.close()));
    redis.disconnect();
  }
}
