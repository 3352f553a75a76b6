import { randomFillSync } from 'node:crypto';

/**
 * Scan ids: UUIDv7 (RFC 9562), made once per scan on the hot path. The `uuid` package's v7 drew
 * 16 random bytes into a new typed array and formatted them byte by byte for each id; here the
 * time part is formatted once per millisecond and the random part is cut from a pool of random
 * hex, refilled 4 KB of random bytes at a time (BENCHMARKS.md: the CPU per redirect).
 *
 * Layout: 48 bits of Unix milliseconds, the version (7), a 12-bit counter (method 1 of the RFC:
 * ids made in the same millisecond follow each other, from a random start), the variant, 62
 * random bits. Past 4,096 ids in one millisecond, or when the clock steps back, the time is
 * carried on from the last id's, so the ids of a process never go backwards.
 */
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
/** `pool` as hex, two characters a byte. */
let hex = '';
let hexAt = Infinity;
/** "7000" to "7fff": the version and the counter. */
const VERSIONED = Array.from({ length: 0x1000 }, (_, counter) => (0x7000 | counter).toString(16));
/** The variant (binary 10) and two random bits, as the hex digit they make. */
const VARIANT = ['8', '9', 'a', 'b'];
let lastMs = -Infinity;
/** "tttttttt-tttt-": the time part of the ids of `lastMs`. */
let timePart = '';
let counter = 0;

/** `length` random hex characters (at most a few dozen). */
function randomHex(length: number): string {
  if (hexAt + length > hex.length) {
    randomFillSync(pool);
    hex = pool.toString('hex');
    hexAt = 0;
  }
  const at = hexAt;
  hexAt += length;
  return hex.slice(at, at + length);
}

/** A new millisecond: its time part, and the counter's start, random in its lower half so most milliseconds never run out. */
function startMillisecond(ms: number): void {
  lastMs = ms;
  const time = ms.toString(16).padStart(12, '0');
  timePart = `${time.slice(0, 8)}-${time.slice(8)}-`;
  counter = parseInt(randomHex(3), 16) & 0x7ff;
}

export function newScanId(now: number = Date.now()): string {
  if (now > lastMs) startMillisecond(now);
  else if (++counter > 0xfff) startMillisecond(lastMs + 1);
  const random = randomHex(16);
  // The first random digit gives the variant digit its two random bits.
  return `${timePart}${VERSIONED[counter]}-${VARIANT[parseInt(random[0], 16) & 3]}${random.slice(1, 4)}-${random.slice(4)}`;
}

/**
 * The id of a scan that came through the front door: made from the millisecond nginx took the
 * request and the random id it gave it (`$request_id`, 32 hex digits), both of which stay the same
 * when nginx passes the request on to another replica because the first died before it answered
 * (proxy_next_upstream). The scan that replica may have appended and the one the next replica
 * appends then have the same id and time, and are stored once (the scans' primary key).
 */
export function edgeScanId(ms: number, requestId: string): string {
  const time = ms.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${requestId.slice(0, 3)}-${VARIANT[parseInt(requestId[3], 16) & 3]}${requestId.slice(4, 7)}-${requestId.slice(7, 19)}`;
}
