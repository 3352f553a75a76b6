import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, AppConfig, LOGGER, Logger } from '@qrd/config';
import type { ScanWebhookRecord } from '@qrd/contracts';
import { CodeEvents } from '../codes/code-events';
import { WebhooksRepository } from './webhooks.repository';

const BATCH = 1000;
/** Events and delivery log lines older than this are removed. */
const KEEP_DAYS = 30;

/**
 * scan.created in batches: the ingestor queues stored scans (in its own transaction) for owners
 * whose endpoints take the event; every WEBHOOK_SCAN_BATCH_MS this takes what waits and records
 * one event per owner with all of them, through the outbox. The redirect path does nothing more.
 */
@Injectable()
export class ScanWebhooks implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;
  private lastPrune = 0;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly events: CodeEvents,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.flushing ??= this.flush()
        .catch((error) => this.logger.warn({ err: error }, 'scan webhooks: batch failed; retrying'))
        .finally(() => (this.flushing = undefined));
    }, this.config.webhooks.scanBatchMs);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.flushing;
  }

  async flush(): Promise<void> {
    let taken: number;
    do {
      const [count, ids] = await this.repository.transaction(async (tx): Promise<[number, string[]]> => {
        const scans = await this.repository.takeQueuedScans(tx, BATCH);
        const byOwner = new Map<string, ScanWebhookRecord[]>();
        for (const { ownerId, scan } of scans) {
          const list = byOwner.get(ownerId);
          if (list) list.push(scan);
          else byOwner.set(ownerId, [scan]);
        }
        const ids: string[] = [];
        for (const [ownerId, list] of byOwner) ids.push(...(await this.events.webhook(tx, ownerId, 'scan.created', { scans: list })));
        return [scans.length, ids];
      });
      await this.events.deliver(ids);
      taken = count;
    } while (taken === BATCH && this.timer);
    if (Date.now() - this.lastPrune > 3600_000) {
      this.lastPrune = Date.now();
      await this.repository.prune(KEEP_DAYS);
    }
  }
}
