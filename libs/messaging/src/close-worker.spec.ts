import { randomUUID } from 'node:crypto';
import { Worker } from 'bullmq';
import { Logger } from '@qrd/config';
import { closeWorker, settlesWithin } from './close-worker';
import { redisOptions } from './redis';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A worker waiting for jobs whose blocking connection, told to disconnect, never reports its end (what a cluster's reconnect did). */
async function workerWhoseEndNeverComes(): Promise<Worker> {
  const worker = new Worker(`close-${randomUUID()}`, async () => undefined, { connection: redisOptions(REDIS_URL, { maxRetriesPerRequest: null }), prefix: 'close-test' });
  await worker.waitUntilReady();
  // The main loop is blocked in its read once the worker runs.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const client = await worker['blockingConnection'].client;
  const disconnect = client.disconnect.bind(client);
  let swallowed = false;
  client.disconnect = (reconnect?: boolean) => {
    if (swallowed) return disconnect(reconnect);
    swallowed = true;
  };
  return worker;
}

describe(closeWorker.name, () => {
  const warnings: unknown[] = [];
  const logger = { warn: (...args: unknown[]) => warnings.push(args), error: () => undefined } as unknown as Logger;

  it('closes a worker whose blocking connection never reports its end, once the wait is over', async () => {
    const worker = await workerWhoseEndNeverComes();
    const started = Date.now();
    await closeWorker(worker, logger, 500);
    // Closed: its close has finished, and it takes no jobs.
    expect(await settlesWithin(worker.close(), 100)).toBe(true);
    expect(worker.isRunning()).toBe(false);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(warnings).toHaveLength(1);
  });

  it('is needed: BullMQ alone waits for that end', async () => {
    const worker = await workerWhoseEndNeverComes();
    const closing = worker.close();
    expect(await settlesWithin(closing, 2000)).toBe(false);
    await closeWorker(worker, logger, 0);
    await closing;
  });

  it('closes a healthy worker at once, without a warning', async () => {
    warnings.length = 0;
    const worker = new Worker(`close-${randomUUID()}`, async () => undefined, { connection: redisOptions(REDIS_URL, { maxRetriesPerRequest: null }), prefix: 'close-test' });
    await worker.waitUntilReady();
    await closeWorker(worker, logger, 5000);
    expect(await settlesWithin(worker.close(), 100)).toBe(true);
    expect(warnings).toEqual([]);
  });
});
