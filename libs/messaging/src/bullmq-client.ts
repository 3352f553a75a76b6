import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import IORedis from 'ioredis';
import { Logger, requestContext, withoutDeadline } from '@qrd/config';
import {
  DomainError,
  DomainEvent,
  EVENT_SUBSCRIBERS,
  ErrorCode,
  EventPayloads,
  ReplyOf,
  RequestOf,
  RequestPattern,
  ServiceQueue,
  queueForPattern,
} from '@qrd/contracts';
import { bullPrefix, Envelope, Reply } from './envelope';
import { redisOptions } from './redis';

export interface BullMqClientOptions {
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
  timeoutMs: number;
}

export interface SendOptions {
  timeoutMs?: number;
}

const EVENT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  // Kept for a week so an operator can see and retry what failed.
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * Requests and events over BullMQ. `request` adds a job to the target service's queue and
 * resolves with its handler's reply (read from QueueEvents); `emitEvent` fans an event out to
 * every subscribing queue.
 */
export class BullMqClient extends ClientProxy {
  private readonly connection: IORedis;
  private readonly queues = new Map<string, Queue>();
  private readonly listeners = new Map<string, Promise<QueueEvents>>();
  private readonly pending = new Map<string, (reply: Reply) => void>();

  constructor(private readonly options: BullMqClientOptions) {
    super();
    this.connection = new IORedis(redisOptions(options.redisUrl, { maxRetriesPerRequest: null }));
    this.connection.on('error', (error) => options.logger.warn({ err: error }, 'redis connection error'));
  }

  async connect(): Promise<void> {
    await this.connection.ping();
  }

  async close(): Promise<void> {
    for (const [, reply] of this.pending) {
      reply({ ok: false, error: { code: ErrorCode.Unavailable, message: 'The service is shutting down' } });
    }
    this.pending.clear();
    const events = await Promise.allSettled([...this.listeners.values()]);
    await Promise.all(events.map((e) => (e.status === 'fulfilled' ? e.value.close() : undefined)));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }

  unwrap<T>(): T {
    return this.connection as T;
  }

  /**
   * Sends a request to the service that handles `pattern` and waits for its reply. The request
   * carries its deadline: the sooner of this call's timeout and the deadline of the request being
   * handled now (a nested call never outlives its caller), and is not run once it has passed.
   */
  async request<P extends RequestPattern>(pattern: P, data: RequestOf<P>, options: SendOptions = {}): Promise<ReplyOf<P>> {
    const queueName = queueForPattern(pattern);
    const meta = requestContext.currentOrNew();
    const now = Date.now();
    const deadline = Math.min(now + (options.timeoutMs ?? this.options.timeoutMs), meta.deadline ?? Infinity);
    const timeoutMs = deadline - now;
    const timedOut = () =>
      new DomainError(ErrorCode.Timeout, `The ${serviceName(queueName)} did not answer "${pattern}" within ${seconds(timeoutMs)}s`);
    if (timeoutMs <= 0) throw timedOut();
    await this.replyListener(queueName);
    const jobId = randomUUID();
    const envelope: Envelope = { kind: 'request', data, meta: { ...meta, deadline } };
    const queue = this.queue(queueName);

    return new Promise<ReplyOf<P>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(jobId);
        // Nobody waits for the answer any more: withdraw it if still queued (the deadline it
        // carries stops it from running later anyway, e.g. when replayed after a crash).
        queue.remove(jobId).catch(() => undefined);
        reject(timedOut());
      }, timeoutMs);
      // Registered before the job is added, so a fast reply cannot be missed.
      this.pending.set(jobId, (reply) => {
        clearTimeout(timer);
        if (reply.ok) resolve(reply.value as ReplyOf<P>);
        else reject(DomainError.fromBody(reply.error));
      });
      queue
        .add(pattern, envelope, { jobId, attempts: 1, removeOnComplete: true, removeOnFail: true })
        .catch((error: Error) => {
          this.pending.delete(jobId);
          clearTimeout(timer);
          reject(new DomainError(ErrorCode.Unavailable, `Could not reach the message queue: ${error.message}`));
        });
    });
  }

  /** Durably enqueues a domain event for every subscribing service; resolves once stored. */
  async emitEvent<E extends DomainEvent>(event: E, payload: EventPayloads[E]): Promise<void> {
    // Events are durable and handled whenever their subscribers can: no deadline travels with them.
    const envelope: Envelope = { kind: 'event', data: payload, meta: withoutDeadline(requestContext.currentOrNew()) };
    await Promise.all(
      EVENT_SUBSCRIBERS[event].map((queueName) =>
        this.queue(queueName).add(event, envelope, { ...EVENT_JOB_OPTIONS, jobId: randomUUID() }),
      ),
    );
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.request(packet.pattern as RequestPattern, packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    return () => undefined;
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    await this.emitEvent(packet.pattern as DomainEvent, packet.data);
    return undefined as T;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: bullPrefix(this.options.redisPrefix) });
      queue.on('error', (error) => this.options.logger.warn({ err: error, queue: name }, 'queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private replyListener(queueName: string): Promise<QueueEvents> {
    let listener = this.listeners.get(queueName);
    if (!listener) {
      listener = this.startReplyListener(queueName);
      this.listeners.set(queueName, listener);
      listener.catch(() => this.listeners.delete(queueName));
    }
    return listener;
  }

  private async startReplyListener(queueName: string): Promise<QueueEvents> {
    const prefix = bullPrefix(this.options.redisPrefix);
    // Start reading right after the newest event now stored, so no reply slips in between.
    const last = (await this.connection.xrevrange(`${prefix}:${queueName}:events`, '+', '-', 'COUNT', 1)) as [
      string,
      string[],
    ][];
    const events = new QueueEvents(queueName, {
      connection: redisOptions(this.options.redisUrl, { maxRetriesPerRequest: null }),
      prefix,
      lastEventId: last[0]?.[0] ?? '0-0',
    });
    events.on('error', (error) => this.options.logger.warn({ err: error, queue: queueName }, 'queue events error'));
    events.on('completed', ({ jobId, returnvalue }) => this.settle(jobId, parseReply(returnvalue)));
    // The worker's own failure text (a stack, a driver message) stays in its logs, never in a reply.
    events.on('failed', ({ jobId }) =>
      this.settle(jobId, { ok: false, error: { code: ErrorCode.Internal, message: `The ${serviceName(queueName)} failed to handle the request` } }),
    );
    await events.waitUntilReady();
    return events;
  }

  private settle(jobId: string, reply: Reply): void {
    const pending = this.pending.get(jobId);
    if (!pending) return;
    this.pending.delete(jobId);
    pending(reply);
  }
}

function parseReply(value: unknown): Reply {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (parsed && typeof parsed === 'object' && 'ok' in parsed) return parsed as Reply;
  return { ok: false, error: { code: ErrorCode.Internal, message: 'Malformed reply' } };
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function serviceName(queue: string): string {
  const names: Record<string, string> = {
    [ServiceQueue.Auth]: 'auth-service',
    [ServiceQueue.Qr]: 'qr-service',
    [ServiceQueue.Billing]: 'billing-service',
    [ServiceQueue.Gateway]: 'gateway',
  };
  return names[queue] ?? queue;
}
