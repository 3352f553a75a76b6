import 'reflect-metadata';
import { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, connect, AddressInfo, Server as TcpServer, Socket } from 'node:net';
import { createLogger, requestContext } from '@qrd/config';
import { AuthPattern, DomainError, DomainEvent, ErrorCode, ServiceQueue } from '@qrd/contracts';
import { clearRedisPrefix, queueDrained, waitFor } from '@qrd/testing';
import { BullMqClient } from './bullmq-client';
import { BullMqServer } from './bullmq-server';
import { bullPrefix, Envelope } from './envelope';
import { redisOptions } from './redis';
import { MessageController } from './rpc-error.filter';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger('transport-test', 'silent');

/**
 * A TCP relay in front of Redis that counts the bytes Redis sends to the clients behind it: what a
 * client process reads from Redis, whatever it reads it with.
 */
class CountingRelay {
  bytesFromRedis = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: TcpServer = createServer((client) => {
    const target = new URL(REDIS_URL);
    const upstream = connect(Number(target.port || 6379), target.hostname);
    this.sockets.add(client).add(upstream);
    upstream.on('data', (chunk: Buffer) => {
      this.bytesFromRedis += chunk.length;
      client.write(chunk);
    });
    client.pipe(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const target = new URL(REDIS_URL);
    target.host = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return target.toString();
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

async function keysUnder(pattern: string): Promise<string[]> {
  const redis = new IORedis(REDIS_URL);
  try {
    return await redis.keys(pattern);
  } finally {
    redis.disconnect();
  }
}

/** What each replica saw, shared by the test and the handlers below. */
const seen: { replica: string; pattern: string; data: unknown; requestId?: string }[] = [];

function handlersFor(replica: string) {
  @MessageController()
  class TestHandlers {
    @MessagePattern(AuthPattern.CountUsers)
    async count(@Payload() data: { n: number; slowMs?: number; fail?: boolean; padding?: number }) {
      seen.push({ replica, pattern: AuthPattern.CountUsers, data, requestId: requestContext.current()?.requestId });
      if (data.slowMs) await new Promise((r) => setTimeout(r, data.slowMs));
      if (data.fail) throw new DomainError(ErrorCode.Conflict, `number ${data.n} is taken`);
      return { total: data.n * 2, replica, ...(data.padding ? { padding: 'x'.repeat(data.padding) } : {}) };
    }

    @EventPattern(DomainEvent.UserSuspended)
    onSuspended(@Payload() data: { userId: string }) {
      seen.push({ replica, pattern: DomainEvent.UserSuspended, data });
    }
  }
  return TestHandlers;
}

describe(BullMqServer.name, () => {
  let prefix: string;
  let sut: BullMqClient;
  const apps: INestMicroservice[] = [];

  async function startReplica(queue: ServiceQueue, replica: string, options: { replyTtlMs?: number } = {}): Promise<INestMicroservice> {
    const handlers = handlersFor(replica);
    const { Module } = await import('@nestjs/common');
    @Module({ controllers: [handlers] })
    class ReplicaModule {}
    const app = await NestFactory.createMicroservice(ReplicaModule, {
      strategy: new BullMqServer({ queue, redisUrl: REDIS_URL, redisPrefix: prefix, logger, concurrency: 32, verifyHandlers: false, ...options }),
      logger: false,
    });
    await app.listen();
    apps.push(app);
    return app;
  }

  const queues: Queue[] = [];
  /** A service queue as Redis holds it, to see what waits there. */
  function queueOf(name: ServiceQueue): Queue {
    const queue = new Queue(name, { connection: redisOptions(REDIS_URL), prefix: bullPrefix(prefix) });
    queues.push(queue);
    return queue;
  }

  beforeEach(() => {
    prefix = `t${randomBytes(5).toString('hex')}`;
    seen.length = 0;
    sut = new BullMqClient({ redisUrl: REDIS_URL, redisPrefix: prefix, logger, timeoutMs: 5000 });
  });

  afterEach(async () => {
    await sut.close();
    while (queues.length) await queues.pop()!.close();
    while (apps.length) await apps.pop()!.close();
    await clearRedisPrefix(REDIS_URL, prefix);
  });

  it('spreads 200 requests over two replicas, each handled exactly once and all answered', async () => {
    await startReplica(ServiceQueue.Auth, 'a');
    await startReplica(ServiceQueue.Auth, 'b');
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, n) => sut.request(AuthPattern.CountUsers, { n, slowMs: 5 } as never)),
    );
    expect(replies.map((r) => r.total)).toEqual(Array.from({ length: 200 }, (_, n) => n * 2));
    const handled = seen.map((s) => (s.data as { n: number }).n).sort((x, y) => x - y);
    expect(handled).toEqual(Array.from({ length: 200 }, (_, n) => n));
    const byReplica = new Set(seen.map((s) => s.replica));
    expect(byReplica).toEqual(new Set(['a', 'b']));
  });

  it('answers a request sent while the service is down once it starts', async () => {
    const queue = queueOf(ServiceQueue.Auth);
    const pending = sut.request(AuthPattern.CountUsers, { n: 21 } as never);
    await waitFor(async () => expect(await queue.getWaitingCount()).toBe(1));
    expect(seen).toHaveLength(0);
    await startReplica(ServiceQueue.Auth, 'late');
    await expect(pending).resolves.toEqual({ total: 42, replica: 'late' });
  });

  it('fails a request nobody answers after its timeout, with a clear error', async () => {
    const started = Date.now();
    const error = await sut.request(AuthPattern.CountUsers, { n: 1 } as never, { timeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCode.Timeout);
    expect((error as DomainError).message).toBe('The auth-service did not answer "auth.count-users" within 0.3s');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // The abandoned request is withdrawn, so a service starting later does not run it.
    await startReplica(ServiceQueue.Auth, 'after');
    await expect(sut.request(AuthPattern.CountUsers, { n: 2 } as never)).resolves.toMatchObject({ total: 4 });
    expect(seen.map((s) => (s.data as { n: number }).n)).toEqual([2]);
  });

  it('does not run a request whose caller stopped waiting before it was handled (a replay after a crash)', async () => {
    // What a restarted service finds in Redis: a request taken by a replica that died, put back
    // in the queue long after its caller answered an error.
    const queue = new Queue<Envelope>(ServiceQueue.Auth, { connection: { host: '127.0.0.1', port: 6379 }, prefix: bullPrefix(prefix) });
    await queue.add(
      AuthPattern.CountUsers,
      { kind: 'request', data: { n: 99 }, meta: { requestId: randomUUID(), deadline: Date.now() - 1000 } },
      { jobId: randomUUID(), removeOnComplete: true, removeOnFail: true },
    );
    await queue.close();
    await startReplica(ServiceQueue.Auth, 'restarted');
    await expect(sut.request(AuthPattern.CountUsers, { n: 2 } as never)).resolves.toMatchObject({ total: 4 });
    expect(seen.map((s) => (s.data as { n: number }).n)).toEqual([2]);
  });

  it('gives a request made while handling another no more time than its caller has left', async () => {
    const started = Date.now();
    const error = await requestContext
      .run({ requestId: 'outer', deadline: Date.now() + 300 }, () =>
        sut.request(AuthPattern.CountUsers, { n: 1 } as never, { timeoutMs: 5000 }),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.Timeout, message: 'The auth-service did not answer "auth.count-users" within 0.3s' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('delivers an event raised during a request even after that request\'s deadline', async () => {
    await requestContext.run({ requestId: 'short', deadline: Date.now() + 50 }, () =>
      sut.emitEvent(DomainEvent.UserSuspended, { userId: 'late-reader' }),
    );
    await new Promise((r) => setTimeout(r, 150));
    await startReplica(ServiceQueue.Qr, 'qr');
    const deadline = Date.now() + 5000;
    while (seen.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(seen.map((s) => s.data)).toEqual([{ userId: 'late-reader' }]);
  });

  it('brings a handler error back as its code and message', async () => {
    await startReplica(ServiceQueue.Auth, 'a');
    const error = await sut.request(AuthPattern.CountUsers, { n: 7, fail: true } as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: ErrorCode.Conflict, message: 'number 7 is taken' });
  });

  it('carries the request id into the handler', async () => {
    await startReplica(ServiceQueue.Auth, 'a');
    await requestContext.run({ requestId: 'req-12345678' }, () => sut.request(AuthPattern.CountUsers, { n: 3 } as never));
    expect(seen[0].requestId).toBe('req-12345678');
  });

  it('delivers an event to every subscribing service exactly once, even with two replicas each', async () => {
    await startReplica(ServiceQueue.Qr, 'qr-1');
    await startReplica(ServiceQueue.Qr, 'qr-2');
    await startReplica(ServiceQueue.Gateway, 'gw-1');
    await startReplica(ServiceQueue.Gateway, 'gw-2');
    for (let i = 0; i < 20; i++) await sut.emitEvent(DomainEvent.UserSuspended, { userId: `u${i}` });
    // Once both queues are drained no delivery is left that could still add a duplicate.
    await queueDrained(queueOf(ServiceQueue.Qr), 5000);
    await queueDrained(queueOf(ServiceQueue.Gateway), 5000);
    const qr = seen.filter((s) => s.replica.startsWith('qr')).map((s) => (s.data as { userId: string }).userId);
    const gw = seen.filter((s) => s.replica.startsWith('gw')).map((s) => (s.data as { userId: string }).userId);
    const expected = Array.from({ length: 20 }, (_, i) => `u${i}`).sort();
    expect(qr.sort()).toEqual(expected);
    expect(gw.sort()).toEqual(expected);
  });

  it('delivers a reply only to the client that asked: another client on the same queue reads none of it', async () => {
    await startReplica(ServiceQueue.Auth, 'a');
    const relays = [new CountingRelay(), new CountingRelay()];
    const [small, large] = await Promise.all(
      relays.map(async (relay) => new BullMqClient({ redisUrl: await relay.start(), redisPrefix: prefix, logger, timeoutMs: 5000 })),
    );
    try {
      await small.request(AuthPattern.CountUsers, { n: 1 } as never);
      // Ten 100 kB replies to one client while the other exchanges small ones.
      const [smallReplies, largeReplies] = await Promise.all([
        Promise.all(Array.from({ length: 10 }, (_, n) => small.request(AuthPattern.CountUsers, { n } as never))),
        Promise.all(Array.from({ length: 10 }, (_, n) => large.request(AuthPattern.CountUsers, { n, padding: 100_000 } as never))),
      ]);
      await small.request(AuthPattern.CountUsers, { n: 2 } as never);

      expect(smallReplies.map((r) => r.total)).toEqual(Array.from({ length: 10 }, (_, n) => n * 2));
      expect(largeReplies.every((r) => (r as { padding?: string }).padding?.length === 100_000)).toBe(true);
      expect(relays[1].bytesFromRedis).toBeGreaterThan(1_000_000);
      // Less than a single one of the other client's replies.
      expect(relays[0].bytesFromRedis).toBeLessThan(100_000);
      // Nor can anyone else find a reply in Redis: the queue's event stream does not carry them.
      const redis = new IORedis(REDIS_URL);
      const events = await redis.xrange(`${bullPrefix(prefix)}:${ServiceQueue.Auth}:events`, '-', '+');
      redis.disconnect();
      expect(events.flatMap(([, fields]) => fields).filter((field) => field.includes('xxxxxxxxxx'))).toEqual([]);
    } finally {
      await Promise.all([small.close(), large.close()]);
      await Promise.all(relays.map((relay) => relay.stop()));
    }
  });

  it('lets the reply to a caller that has gone expire, leaving nothing behind in Redis', async () => {
    await startReplica(ServiceQueue.Auth, 'a', { replyTtlMs: 500 });
    const answer = sut.request(AuthPattern.CountUsers, { n: 5, slowMs: 300 } as never).catch((e: unknown) => e);
    await waitFor(() => expect(seen).toHaveLength(1));

    await sut.close(); // the caller goes away while its request is being handled

    await expect(answer).resolves.toMatchObject({ code: ErrorCode.Unavailable });
    const [replyKey] = await waitFor(async () => {
      const keys = await keysUnder(`${prefix}:replies:*`);
      expect(keys).toHaveLength(1);
      return keys;
    });
    const redis = new IORedis(REDIS_URL);
    const ttl = await redis.pttl(replyKey);
    redis.disconnect();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(500);
    await waitFor(async () => expect(await keysUnder(`${prefix}:replies:*`)).toEqual([]));
  });
});
