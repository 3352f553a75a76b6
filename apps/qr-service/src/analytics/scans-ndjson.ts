import { Transform } from 'node:stream';
import { SCAN_EXPORT_COLUMNS } from '@qrd/contracts';
import type { CsvScan } from './analytics.repository';

/** One stored scan as a JSON line, with the names of the CSV export's columns. */
export function scanNdjsonLine(s: CsvScan): string {
  const line: Record<string, unknown> = {};
  for (const [column, field] of SCAN_EXPORT_COLUMNS) {
    const value = s[field];
    line[column] = value instanceof Date ? value.toISOString() : value;
  }
  return `${JSON.stringify(line)}\n`;
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
