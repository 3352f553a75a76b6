import { ClientProxy, ReadPacket, WritePacket } from '@nestjs/microservices';
import { Queue } from 'bullmq';
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
import { createRedis } from './redis';
import { AddressedReply, replyKey } from './replies';

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

/** Replies taken from the reply list in one read when several are waiting. */
const REPLY_BATCH = 128;
const RETRY_READ_MS = 250;

/**
 * Requests and events over BullMQ. `request` adds a job to the target service's queue and
 * resolves with its handler's reply, which the server pushes to this client's own reply list
 * (replyKey): a client reads only replies to its own requests, never another caller's, and a
 * reply waiting in the list is not lost while the reader reconnects. `emitEvent` fans an event
 * out to every subscribing queue.
 */
export class BullMqClient extends ClientProxy {
  /** This client's reply address: the requests it sends name it, servers push replies there. */
  readonly id = randomUUID();
  private readonly connection: IORedis;
  private readonly replies: string;
  /** A connection of its own: it spends its time blocked waiting for replies. */
  private reader?: IORedis;
  private closed = false;
  private readonly queues = new Map<string, Queue>();
  private readonly pending = new Map<string, (reply: Reply) => void>();

  constructor(private readonly options: BullMqClientOptions) {
    super();
    this.replies = replyKey(options.redisPrefix, this.id);
    this.connection = createRedis(options.redisUrl);
    this.connection.on('error', (error) => options.logger.warn({ err: error }, 'redis connection error'));
  }

  async connect(): Promise<void> {
    await this.connection.ping();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [, reply] of this.pending) {
      reply({ ok: false, error: { code: ErrorCode.Unavailable, message: 'The service is shutting down' } });
    }
    this.pending.clear();
    this.reader?.disconnect();
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    // Replies still on their way expire by themselves (the server sets the list's expiry).
    await this.connection.del(this.replies).catch(() => undefined);
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
    if (this.closed) throw new DomainError(ErrorCode.Unavailable, 'The service is shutting down');
    this.startReader();
    const jobId = randomUUID();
    const envelope: Envelope = { kind: 'request', data, meta: { ...meta, deadline }, replyTo: this.id };
    const queue = this.queue(queueName);

    return new Promise<ReplyOf<P>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(jobId);
        // Nobody waits for the answer any more: withdraw it if still queued (the deadline it
        // carries stops it from running later anyway, e.g. when replayed after a crash).
        queue.remove(jobId).catch(() => undefined);
        reject(timedOut());
      }, timeoutMs);
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

  /** Starts reading this client's reply list, once; a reply pushed before that waits in the list. */
  private startReader(): void {
    if (this.reader) return;
    const reader = createRedis(this.options.redisUrl);
    reader.on('error', (error) => this.options.logger.warn({ err: error }, 'reply reader connection error'));
    this.reader = reader;
    void this.readReplies(reader);
  }

  private async readReplies(reader: IORedis): Promise<void> {
    while (!this.closed) {
      try {
        const popped = await reader.blmpop(0, 1, this.replies, 'LEFT', 'COUNT', REPLY_BATCH);
        for (const raw of popped?.[1] ?? []) this.receive(raw);
      } catch (error) {
        if (this.closed) return;
        this.options.logger.warn({ err: error }, 'reading replies failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, RETRY_READ_MS));
      }
    }
  }

  private receive(raw: string): void {
    let message: AddressedReply;
    try {
      message = JSON.parse(raw) as AddressedReply;
    } catch {
      this.options.logger.warn('malformed reply dropped');
      return;
    }
    // A reply to a request this client stopped waiting for (timed out) has nobody to go to.
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    pending(isReply(message.reply) ? message.reply : { ok: false, error: { code: ErrorCode.Internal, message: 'Malformed reply' } });
  }
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'ok' in value;
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
