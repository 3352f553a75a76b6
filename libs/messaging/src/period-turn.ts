import type IORedis from 'ioredis';

/**
 * Whether this replica takes this period's turn of `job`: the first replica to ask in a period
 * does (a key in Redis that lives nine tenths of the period), every other one skips it. Replicas
 * whose timers run the same period then do the job once per period between them, and when the one
 * that did it last is gone another takes the next turn.
 */
export async function takeTurn(redis: Pick<IORedis, 'set'>, redisPrefix: string, job: string, periodMs: number): Promise<boolean> {
  const ttlMs = Math.max(1, Math.floor(periodMs * 0.9));
  return (await redis.set(`${redisPrefix}:turn:${job}`, String(process.pid), 'PX', ttlMs, 'NX')) === 'OK';
}
