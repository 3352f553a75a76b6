import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** Notices about one subscription, from the moment the watch was made until it is closed. */
export interface SubscriptionWatch {
  /** True at the next notice (or one that came since the last call), false once `timeoutMs` has passed. */
  next(timeoutMs: number): Promise<boolean>;
  close(): void;
}

/**
 * "A provider event about this subscription has been applied": StripeWebhooksService announces
 * it (whichever replica applied the event), and a request waiting for the provider to settle a
 * payment re-reads the subscription then, instead of on a timer.
 */
@Injectable()
export class SubscriptionNotices {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(providerSubscriptionId: string): void {
    this.emitter.emit(providerSubscriptionId);
  }

  watch(providerSubscriptionId: string): SubscriptionWatch {
    let noticed = false;
    let wake: (() => void) | null = null;
    const listener = () => {
      noticed = true;
      wake?.();
    };
    this.emitter.on(providerSubscriptionId, listener);
    return {
      next: (timeoutMs) =>
        new Promise<boolean>((resolve) => {
          const settle = () => {
            clearTimeout(timer);
            wake = null;
            resolve(noticed);
            noticed = false;
          };
          const timer = setTimeout(settle, Math.max(0, timeoutMs));
          wake = settle;
          if (noticed) settle();
        }),
      close: () => {
        this.emitter.off(providerSubscriptionId, listener);
      },
    };
  }
}
