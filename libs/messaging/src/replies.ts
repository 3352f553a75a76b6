import type IORedis from 'ioredis';
import type { Reply } from './envelope';

/**
 * How long a reply waits in its caller's list. A caller that is there takes it within
 * milliseconds; the expiry only clears the list of a caller that went away (crashed, restarted)
 * without reading it, and outlasts a live caller's reconnect to Redis.
 */
export const REPLY_TTL_MS = 60_000;

/** What goes on a caller's reply list: the reply and the job (request) it answers. */
export interface AddressedReply<T = unknown> {
  id: string;
  reply: Reply<T>;
}

/** The Redis list one client process reads its replies from, and nobody else does. */
export function replyKey(redisPrefix: string, clientId: string): string {
  return `${redisPrefix}:replies:${clientId}`;
}

/** Pushes a reply to its caller's list and renews the list's expiry, in one round trip. */
export async function pushReply(
  redis: IORedis,
  redisPrefix: string,
  replyTo: string,
  message: AddressedReply,
  ttlMs: number = REPLY_TTL_MS,
): Promise<void> {
  const key = replyKey(redisPrefix, replyTo);
  const results = await redis.multi().rpush(key, JSON.stringify(message)).pexpire(key, ttlMs).exec();
  const failure = results?.find(([error]) => error)?.[0];
  if (failure) throw failure;
}
