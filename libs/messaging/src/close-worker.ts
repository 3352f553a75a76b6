import type { Worker } from 'bullmq';
import type { Logger } from '@qrd/config';

/** How long a worker gets to finish the job in hand and close before its connections are ended. */
const CLOSE_WAIT_MS = 15_000;
/** How long a worker whose connections were ended gets to finish closing. */
const FORCED_CLOSE_WAIT_MS = 2000;

/** Whether the promise settled (either way) within the time. */
export async function settlesWithin(promise: Promise<unknown> | undefined, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const settled = await Promise.race([
    Promise.resolve(promise).then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  return settled;
}

/**
 * Closes a BullMQ worker: the job in hand finishes, then its connections close. BullMQ stops the
 * worker's blocking read by disconnecting that connection and waiting for its end; on a Redis
 * Cluster its own recovery can reconnect the connection first (the disconnect left its pool
 * empty), and the end never comes: the service never stopped. Past the wait, the worker's
 * connections are closed without waiting, which ends it; a job still running is then taken back by
 * BullMQ's stalled-job check on another worker.
 */
export async function closeWorker(worker: Worker | undefined, logger: Logger, waitMs = CLOSE_WAIT_MS): Promise<void> {
  if (!worker) return;
  const closing = worker.close();
  if (await settlesWithin(closing, waitMs)) return closing;
  logger.warn({ queue: worker.name, waitMs }, 'a queue worker had not closed in time; its connections are closed without waiting');
  // The connections are BullMQ's own (not public): closing them with force is what ends the wait.
  await Promise.allSettled([worker['blockingConnection'].close(true), worker['connection'].close(true)]);
  if (!(await settlesWithin(closing, FORCED_CLOSE_WAIT_MS))) logger.error({ queue: worker.name }, 'a queue worker did not close');
}
