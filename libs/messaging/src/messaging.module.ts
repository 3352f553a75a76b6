import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { assertConnected, ServiceMetrics } from '@qrd/observability';
import { BullMqClient } from './bullmq-client';
import { createRedis } from './redis';

/** A plain Redis connection for a service's own keys (sessions, caches, streams). */
export const REDIS = Symbol('REDIS');

/** Typed request/event client: `bus.request(AuthPattern.Login, dto)`, `bus.emitEvent(...)`. */
@Injectable()
export class MessageBus extends BullMqClient {}

@Injectable()
class MessagingShutdown implements OnApplicationShutdown {
  constructor(
    private readonly bus: MessageBus,
    @Inject(REDIS) private readonly redis: IORedis,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    this.redis.disconnect();
  }
}

/** Readiness: Redis answers (a connection that is not connected fails at once, not after retries). */
@Injectable()
class RedisReadiness implements OnModuleInit {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    private readonly metrics: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    this.metrics.addReadinessCheck('redis', async () => {
      assertConnected(this.redis);
      await this.redis.ping();
    });
  }
}

@Global()
@Module({})
export class MessagingModule {
  static forRoot(): DynamicModule {
    return {
      module: MessagingModule,
      providers: [
        {
          provide: MessageBus,
          inject: [APP_CONFIG, LOGGER],
          useFactory: (config: AppConfig, logger: Logger) =>
            new BullMqClient({
              redisUrl: config.redisUrl,
              redisPrefix: config.redisPrefix,
              logger,
              timeoutMs: config.messageTimeoutMs,
            }),
        },
        {
          provide: REDIS,
          inject: [APP_CONFIG, LOGGER],
          useFactory: (config: AppConfig, logger: Logger) => {
            const redis = createRedis(config.redisUrl);
            redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
            return redis;
          },
        },
        MessagingShutdown,
        RedisReadiness,
      ],
      exports: [MessageBus, REDIS],
    };
  }
}
