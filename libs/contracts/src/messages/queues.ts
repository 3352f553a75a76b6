/** The BullMQ queue each service consumes. (BullMQ forbids ':' in queue names.) */
export enum ServiceQueue {
  Auth = 'svc-auth',
  Qr = 'svc-qr',
  Billing = 'svc-billing',
  Gateway = 'svc-gateway',
  Mail = 'mail',
}

/** Redis Stream the redirect-service appends scans to; the qr-service consumes it. */
export const SCAN_STREAM = 'scans';
export const SCAN_CONSUMER_GROUP = 'qr-ingest';

/** The scan stream's Redis key under a deployment's prefix. */
export function scanStreamKey(redisPrefix: string): string {
  return `${redisPrefix}:${SCAN_STREAM}`;
}

/** Scans that could not be stored after a few attempts, each with its reason (for an operator). */
export function scanDeadLetterKey(redisPrefix: string): string {
  return `${redisPrefix}:${SCAN_STREAM}:dead`;
}
