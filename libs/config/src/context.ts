import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What travels with one request through HTTP, messages and jobs, and appears in every log line. */
export interface RequestMeta {
  requestId: string;
  userId?: string;
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
};
