/**
 * One CSV cell (RFC 4180): quoted when needed, and a leading = + - @ defused so a spreadsheet
 * never runs a value (a referrer, a city, a name) as a formula.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, CRLF-terminated. */
export function csvLine(cells: (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
