import type { CsvScan } from './analytics.repository';

const HEADER = [
  'scanned_at',
  'is_bot',
  'bot_reason',
  'method',
  'device',
  'os',
  'browser',
  'country',
  'region',
  'city',
  'referrer',
  'language',
  'visitor',
];

/**
 * One CSV cell: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs a
 * referrer or city name as a formula.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Raw scans of one code, newest first (RFC 4180, CRLF line ends). */
export function scansToCsv(scans: CsvScan[]): string {
  const lines = [HEADER.join(',')];
  for (const s of scans) {
    lines.push(
      [
        s.scannedAt.toISOString(),
        s.isBot,
        s.botReason,
        s.method,
        s.device,
        s.os,
        s.browser,
        s.country,
        s.region,
        s.city,
        s.referrer,
        s.language,
        s.visitorHash,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
