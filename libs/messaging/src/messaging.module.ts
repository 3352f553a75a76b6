import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
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
      ],
      exports: [MessageBus, REDIS],
    };
  }
}
