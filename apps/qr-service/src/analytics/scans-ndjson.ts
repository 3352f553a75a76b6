import { Transform } from 'node:stream';
import type { CsvScan } from './analytics.repository';

/** One stored scan as a JSON line, with the names of the CSV export's columns. */
export function scanNdjsonLine(s: CsvScan): string {
  return `${JSON.stringify({
    scanned_at: s.scannedAt.toISOString(),
    is_bot: s.isBot,
    bot_reason: s.botReason,
    method: s.method,
    device: s.device,
    os: s.os,
    browser: s.browser,
    country: s.country,
    region: s.region,
    city: s.city,
    referrer: s.referrer,
    language: s.language,
    visitor: s.visitorHash,
  })}\n`;
}

/** Stored scans in, newline-delimited JSON out (no header: an export of no scans is empty). */
export function scansToNdjson(): Transform {
  return new Transform({
    writableObjectMode: true,
    transform(row: CsvScan, _encoding, done) {
      done(null, scanNdjsonLine(row));
    },
  });
}
