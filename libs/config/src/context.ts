import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one request through HTTP, messages and jobs, and appears in every log line. */
export interface RequestMeta {
  requestId: string;
  userId?: string;
  /**
   * Epoch milliseconds after which the original caller no longer waits for the answer. Work done
   * for a request past its deadline is work nobody sees the result of (and, for a payment, a
   * charge the customer was told had failed), so queued requests past it are not run at all.
   */
  deadline?: number;
}

const storage = new AsyncLocalStorage<RequestMeta>();

export const requestContext = {
  run<T>(meta: RequestMeta, fn: () => T): T {
    return storage.run(meta, fn);
  },
  current(): RequestMeta | undefined {
    return storage.getStore();
  },
  /** The current meta, or a fresh one for work that starts outside any request (timers, boot). */
  currentOrNew(): RequestMeta {
    return storage.getStore() ?? { requestId: randomUUID() };
  },
  /** Milliseconds left before the current request's deadline; null when it has none (events, timers). */
  remainingMs(now: number = Date.now()): number | null {
    const deadline = storage.getStore()?.deadline;
    return deadline === undefined ? null : deadline - now;
  },
};

/** The meta without a deadline: for events and background work, which outlive the request that caused them. */
export function withoutDeadline(meta: RequestMeta): RequestMeta {
  if (meta.deadline === undefined) return meta;
  const { deadline: _deadline, ...rest } = meta;
  return rest;
}
