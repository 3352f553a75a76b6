import { CustomTransportStrategy, Server, BaseRpcContext } from '@nestjs/microservices';
import { Job, Worker } from 'bullmq';
import IORedis from 'ioredis';
import { lastValueFrom } from 'rxjs';
import { requestContext, Logger, withoutDeadline } from '@qrd/config';
import { DomainError, ErrorCode, QUEUE_PATTERNS, ServiceQueue, eventsFor } from '@qrd/contracts';
import { closeWorker } from './close-worker';
import { bullPrefix, Envelope, Reply } from './envelope';
import { createRedis, redisOptions } from './redis';
import { pushReply, REPLY_TTL_MS } from './replies';

export interface BullMqServerOptions {
  queue: ServiceQueue;
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
  /** Jobs handled at once; sized with the database pool (AppConfig.queueConcurrency). */
  concurrency: number;
  /** Check at boot that every pattern routed to the queue has a handler (off only in transport tests). */
  verifyHandlers?: boolean;
  /** How long an unread reply is kept (REPLY_TTL_MS; shorter only in transport tests). */
  replyTtlMs?: number;
}

export class JobContext extends BaseRpcContext<[Job<Envelope>]> {
  get job(): Job<Envelope> {
    return this.getArgByIndex(0);
  }
}

/**
 * Consumes one service queue. Replicas of a service are competing consumers of the same queue,
 * so each request or event is handled by exactly one of them. A request's reply goes to the list
 * its envelope names (replyTo), with an expiry; the job itself completes with no result, so no
 * reply is stored with the job or published on the queue's event stream.
 */
export class BullMqServer extends Server implements CustomTransportStrategy {
  private worker?: Worker<Envelope, Reply | undefined>;
  private replies?: IORedis;

  constructor(private readonly options: BullMqServerOptions) {
    super();
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    if (this.options.verifyHandlers !== false) this.verifyHandlers();
    this.replies = createRedis(this.options.redisUrl);
    this.replies.on('error', (error) => this.options.logger.warn({ err: error }, 'redis connection error (replies)'));
    this.worker = new Worker<Envelope, Reply | undefined>(this.options.queue, (job) => this.process(job), {
      connection: redisOptions(this.options.redisUrl, { maxRetriesPerRequest: null }),
      prefix: bullPrefix(this.options.redisPrefix),
      concurrency: this.options.concurrency,
    });
    this.worker.on('error', (error) => this.options.logger.error({ err: error }, 'queue worker error'));
    this.worker.on('failed', (job, error) =>
      this.options.logger.error(
        { err: error, job: job?.name, attempts: job?.attemptsMade },
        job?.data.kind === 'request' ? 'reply could not be sent' : 'event handler failed',
      ),
    );
    this.worker
      .waitUntilReady()
      .then(() => callback())
      .catch((error: unknown) => callback(error));
  }

  /** True while the worker takes jobs (false before listen, after close, or once it stopped on an error). */
  get running(): boolean {
    return this.worker?.isRunning() === true && !this.worker.closing;
  }

  /** Waits for in-flight jobs to finish, then stops consuming. */
  async close(): Promise<void> {
    await closeWorker(this.worker, this.options.logger);
    this.replies?.disconnect();
  }

  on(): void {
    throw new Error('BullMqServer does not emit transport events');
  }

  unwrap<T>(): T {
    return this.worker as T;
  }

  private async process(job: Job<Envelope>): Promise<Reply | undefined> {
    if (job.data.kind === 'event') {
      await this.runEvent(job);
      return undefined;
    }
    const reply = await this.runRequest(job);
    const { replyTo } = job.data;
    // A request from a caller that names no reply address (one started before replies were
    // addressed, during a rolling deploy) still finds its reply as the job's result.
    if (typeof replyTo !== 'string' || replyTo === '') return reply;
    if (!this.replies) throw new Error('The server is not listening');
    await pushReply(this.replies, this.options.redisPrefix, replyTo, { id: job.id ?? '', reply }, this.options.replyTtlMs ?? REPLY_TTL_MS);
    return undefined;
  }

  /** A thrown error fails the job, which BullMQ retries with backoff. */
  private async runEvent(job: Job<Envelope>): Promise<void> {
    await requestContext.run(withoutDeadline(job.data.meta), async () => {
      const handler = this.getHandlerByPattern(job.name);
      if (!handler) {
        this.options.logger.warn({ event: job.name }, 'no handler for event');
        return;
      }
      await lastValueFrom(this.transformToObservable(await handler(job.data.data, new JobContext([job]))), { defaultValue: undefined });
    });
  }

  private async runRequest(job: Job<Envelope>): Promise<Reply> {
    const { meta } = job.data;
    if (meta.deadline !== undefined && Date.now() >= meta.deadline) {
      // Its caller has given up (it answered an error): running it now would act on a request
      // the user was told had failed. Happens to requests queued behind a backlog or replayed
      // after a crash.
      this.options.logger.warn(
        { pattern: job.name, requestId: meta.requestId, lateMs: Date.now() - meta.deadline },
        'request dropped: its caller stopped waiting',
      );
      return { ok: false, error: { code: ErrorCode.Timeout, message: 'The request expired before it could be handled' } };
    }
    return requestContext.run(meta, async (): Promise<Reply> => {
      const handler = this.getHandlerByPattern(job.name);
      if (!handler) {
        return { ok: false, error: { code: ErrorCode.Internal, message: `No handler for "${job.name}"` } };
      }
      try {
        const value = await lastValueFrom(this.transformToObservable(await handler(job.data.data, new JobContext([job]))), {
          defaultValue: null,
        });
        return { ok: true, value: value ?? null };
      } catch (error) {
        if (error instanceof DomainError) return { ok: false, error: error.toBody() };
        this.options.logger.error({ err: error, pattern: job.name }, 'message handler failed');
        return { ok: false, error: { code: ErrorCode.Internal, message: 'Internal error' } };
      }
    });
  }

  /** Every request pattern and subscribed event of this queue must have exactly one handler. */
  private verifyHandlers(): void {
    const expected = [...(QUEUE_PATTERNS[this.options.queue] ?? []), ...eventsFor(this.options.queue)];
    const missing = expected.filter((pattern) => !this.messageHandlers.has(pattern));
    if (missing.length > 0) {
      throw new Error(`${this.options.queue} has no handler for: ${missing.join(', ')}`);
    }
    const unknown = [...this.messageHandlers.keys()].filter((pattern) => !expected.includes(pattern));
    if (unknown.length > 0) {
      throw new Error(`${this.options.queue} handles patterns routed elsewhere: ${unknown.join(', ')}`);
    }
  }
}
