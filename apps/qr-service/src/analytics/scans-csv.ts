import { Transform } from 'node:stream';
import { csvCell, SCAN_EXPORT_COLUMNS, ScanExportRecord } from '@qrd/contracts';
import type { CsvScan } from './analytics.repository';

const HEADER = SCAN_EXPORT_COLUMNS.map(([column]) => column);

/** The first line of every export. */
export const SCANS_CSV_HEADER = `${HEADER.join(',')}\r\n`;

/** One CSV cell: the shared rule (libs/contracts), kept here for the exports that import it. */
export { csvCell };

/** One field of an exported scan as written out: dates as ISO text, a missing variant as null. */
export function exportValue(s: ScanExportRecord, field: (typeof SCAN_EXPORT_COLUMNS)[number][1]): string | boolean | null {
  const value = s[field];
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** One stored scan as a CSV line (RFC 4180, CRLF line end). */
export function scanCsvLine(s: CsvScan): string {
  return `${SCAN_EXPORT_COLUMNS.map(([, field]) => exportValue(s, field))
    .map(csvCell)
    .join(',')}\r\n`;
}

/**
 * Stored scans in, CSV text out: the header first (so an export of a code with no scans is the
 * header alone), then a line per scan, as the rows arrive. Lines of one read are sent as one chunk.
 */
export function scansToCsv(): Transform {
  const csv = new Transform({
    writableObjectMode: true,
    transform(row: CsvScan, _encoding, done) {
      done(null, scanCsvLine(row));
    },
  });
  csv.push(SCANS_CSV_HEADER);
  return csv;
}
