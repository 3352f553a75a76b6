import { parse } from 'csv-parse/sync';
import {
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_MAX_BYTES,
  BULK_IMPORT_MAX_ROWS,
  BULK_IMPORT_MESSAGES,
  BulkImportCells,
  BulkImportColumn,
  DomainError,
  ErrorCode,
} from '@qrd/contracts';

/** Header spellings people use for our columns (compared lower case, spaces and _ - removed). */
const ALIASES: Record<string, BulkImportColumn> = {
  name: 'name',
  destination: 'destination',
  destinationurl: 'destination',
  url: 'destination',
  category: 'category',
  tags: 'tags',
  slug: 'slug',
  customslug: 'slug',
  shortlink: 'slug',
  template: 'template',
  designtemplate: 'template',
};

const REQUIRED: BulkImportColumn[] = ['name', 'destination'];

/** C0 controls (tab, line feed and carriage return excepted) and DEL: nothing a person types. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function refused(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { file: message });
}

/**
 * A CSV file as its rows' cells: UTF-8 (a byte order mark is skipped), a header row naming the
 * columns, at most BULK_IMPORT_MAX_ROWS rows. Anything else is refused with a message saying what
 * to change; blank lines are skipped.
 */
export function parseBulkImportCsv(file: Buffer): BulkImportCells[] {
  if (file.length > BULK_IMPORT_MAX_BYTES) throw refused(BULK_IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw refused(BULK_IMPORT_MESSAGES.notUtf8);
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, relax_quotes: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw refused(`The file could not be read as CSV${line ? ` (line ${line})` : ''}: check its quotes and separators (commas).`);
  }
  const [header, ...rows] = records;
  if (!header) throw refused(BULK_IMPORT_MESSAGES.empty);
  const columns = header.map((title) => {
    const key = ALIASES[title.trim().toLowerCase().replace(/[\s_-]+/g, '')];
    if (!key) throw refused(BULK_IMPORT_MESSAGES.unknownColumn(title.trim().slice(0, 60)));
    return key;
  });
  for (const column of BULK_IMPORT_COLUMNS) {
    if (columns.filter((c) => c === column).length > 1) throw refused(BULK_IMPORT_MESSAGES.duplicateColumn(column));
  }
  for (const column of REQUIRED) if (!columns.includes(column)) throw refused(BULK_IMPORT_MESSAGES.missingColumn(column));
  const filled = rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  if (filled.length === 0) throw refused(BULK_IMPORT_MESSAGES.empty);
  if (filled.length > BULK_IMPORT_MAX_ROWS) throw refused(BULK_IMPORT_MESSAGES.tooManyRows(filled.length));
  const withControl = filled.findIndex((cells) => cells.some((cell) => CONTROL.test(cell)));
  if (withControl >= 0) throw refused(`Row ${withControl + 1} contains control characters: remove them and upload the file again.`);
  return filled.map((cells) => {
    const row: BulkImportCells = { name: '', destination: '', category: '', tags: '', slug: '', template: '' };
    columns.forEach((column, i) => (row[column] = cells[i] ?? ''));
    return row;
  });
}
