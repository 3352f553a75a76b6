/** The BullMQ queue each service consumes. (BullMQ forbids ':' in queue names.) */
export enum ServiceQueue {
  Auth = 'svc-auth',
  Qr = 'svc-qr',
  Billing = 'svc-billing',
  Gateway = 'svc-gateway',
  Mail = 'mail',
}

/**
 * The Redis Stream the redirect-service appends scans to and the qr-service consumes: its key is
 * built only here. With several shards (SCAN_STREAM_SHARDS) this is the first one's; the others'
 * are made by `scanStreamShardKeys` (libs/messaging).
 */
export function scanStreamKey(redisPrefix: string): string {
  return `${redisPrefix}:scans`;
}

export const SCAN_CONSUMER_GROUP = 'qr-ingest';

/** Scans that could not be stored after a few attempts, each with its reason (for an operator). */
export function scanDeadLetterKey(redisPrefix: string): string {
  return `${scanStreamKey(redisPrefix)}:dead`;
}
