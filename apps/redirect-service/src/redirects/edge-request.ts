import type { IncomingHttpHeaders } from 'node:http';
import { edgeScanId } from '../scans/scan-id';

/** nginx's `$request_id`: 32 random hex digits. */
const REQUEST_ID = /^[0-9a-f]{32}$/;
/** Further from this process's clock than this, the front door's time is not taken. */
const SKEW_MS = 60_000;

/**
 * When the request came and which one it is, as the front door (nginx/nginx.conf, tools/edge.mjs)
 * tells: `X-Request-Start: t=<seconds.milliseconds>` and `X-Edge-Request-Id`, set once per request
 * and sent again unchanged to the next replica when one died before answering. The scan is then
 * stamped with that time and given an id made from both, so the retry's scan is the same scan.
 * Without them (a request straight to this service), or when they are not sound, null.
 */
export function edgeRequestOf(headers: IncomingHttpHeaders, now: number): { ms: number; scanId: string } | null {
  const start = headers['x-request-start'];
  const id = headers['x-edge-request-id'];
  if (typeof start !== 'string' || typeof id !== 'string' || !start.startsWith('t=') || !REQUEST_ID.test(id)) return null;
  const ms = Math.round(Number(start.slice(2)) * 1000);
  if (!(Math.abs(ms - now) <= SKEW_MS)) return null;
  return { ms, scanId: edgeScanId(ms, id) };
}
