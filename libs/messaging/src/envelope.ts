import type { RequestMeta } from '@qrd/config';
import type { ErrorBody } from '@qrd/contracts';

/** What a job carries: requests expect a reply, events are fire-and-forget (and retried). */
export interface Envelope<T = unknown> {
  kind: 'request' | 'event';
  data: T;
  meta: RequestMeta;
  /** A request's reply address: the id of the client that sent it (see replies.ts). */
  replyTo?: string;
}

export type Reply<T = unknown> = { ok: true; value: T } | { ok: false; error: ErrorBody };

export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}:bull`;
}
