import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import { scanFeedChannel, scanFeedWatchKey } from '@qrd/contracts';
import { createRedis, REDIS } from '@qrd/messaging';

type Listener = (message: string) => void;

/** The watch key lives this long; each listener's code renews it well before. */
const WATCH_TTL_MS = 60_000;
const RENEW_EVERY_MS = 20_000;

/**
 * The gateway's side of the live scan feed: one Redis subscriber for every page listening, a
 * channel per code subscribed while at least one listens, and the code's watch key kept alive so
 * the qr-service publishes its scans (and stops soon after the last page closes).
 */
@Injectable()
export class ScanFeedHub implements OnApplicationShutdown {
  private subscriber: IORedis | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly renewals = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Calls `listener` with each published batch (a JSON array of LiveScan) of the code; answers the unsubscribe. */
  async listen(codeId: string, listener: Listener): Promise<() => Promise<void>> {
    const channel = scanFeedChannel(this.config.redisPrefix, codeId);
    const subscriber = this.connection();
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await subscriber.subscribe(channel);
      await this.watch(codeId);
      const timer = setInterval(() => void this.watch(codeId), RENEW_EVERY_MS);
      timer.unref();
      this.renewals.set(channel, timer);
    }
    set.add(listener);
    return async () => {
      const current = this.listeners.get(channel);
      if (!current) return;
      current.delete(listener);
      if (current.size > 0) return;
      this.listeners.delete(channel);
      clearInterval(this.renewals.get(channel));
      this.renewals.delete(channel);
      await subscriber.unsubscribe(channel).catch(() => undefined);
    };
  }

  onApplicationShutdown(): void {
    for (const timer of this.renewals.values()) clearInterval(timer);
    this.subscriber?.disconnect();
  }

  private async watch(codeId: string): Promise<void> {
    await this.redis.set(scanFeedWatchKey(this.config.redisPrefix, codeId), '1', 'PX', WATCH_TTL_MS).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'live scan feed watch not renewed');
    });
  }

  private connection(): IORedis {
    if (this.subscriber) return this.subscriber;
    const subscriber = createRedis(this.config.redisUrl);
    subscriber.on('error', (error) => this.logger.warn({ err: error }, 'live scan feed connection error'));
    subscriber.on('message', (channel: string, message: string) => {
      for (const listener of this.listeners.get(channel) ?? []) listener(message);
    });
    this.subscriber = subscriber;
    return subscriber;
  }
}
