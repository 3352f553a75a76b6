import { parse } from 'csv-parse';
import { pipeline, Readable, Transform } from 'node:stream';
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
  domain: 'domain',
  customdomain: 'domain',
};

const REQUIRED: BulkImportColumn[] = ['name', 'destination'];

/** C0 controls (tab, line feed and carriage return excepted) and DEL: nothing a person types. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

function refused(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { file: message });
}

/** UTF-8 bytes to text as they arrive (a character split between chunks is joined), refused past the byte limit. */
function utf8Text(maxBytes: number): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let size = 0;
  const decode = (chunk?: Buffer): string => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw refused(BULK_IMPORT_MESSAGES.notUtf8);
    }
  };
  return new Transform({
    decodeStrings: true,
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(refused(BULK_IMPORT_MESSAGES.tooLarge));
      try {
        done(null, decode(chunk));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, decode());
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/** What went wrong reading the CSV: our refusal as it is, a parser's error with its line. */
function readingError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const code = (error as { code?: string }).code ?? '';
  if (code.startsWith('CSV_')) {
    const line = (error as { lines?: number }).lines;
    return refused(`The file could not be read as CSV${line ? ` (line ${line})` : ''}: check its quotes and separators (commas).`);
  }
  if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error).message === 'aborted') {
    return refused(BULK_IMPORT_MESSAGES.uploadInterrupted);
  }
  return error;
}

/**
 * A CSV file read as it arrives, its rows' cells in batches of `batchSize`: UTF-8 (a byte order
 * mark is skipped), a header row naming the columns, at most BULK_IMPORT_MAX_ROWS rows and
 * BULK_IMPORT_MAX_BYTES. Anything else is refused with a message saying what to change (after the
 * batches before it were yielded: the caller drops what it kept); blank lines are skipped. Only
 * one batch is held at a time, whatever the file's size.
 */
export async function* readBulkImportCsv(
  body: Readable | AsyncIterable<Buffer>,
  batchSize: number,
  limits = { maxBytes: BULK_IMPORT_MAX_BYTES, maxRows: BULK_IMPORT_MAX_ROWS },
): AsyncGenerator<BulkImportCells[]> {
  const source = body instanceof Readable ? body : Readable.from(body);
  const text = utf8Text(limits.maxBytes);
  const records = pipeline(text, parse({
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: false,
      // Named, not discovered: while discovering, csv-parse allocates a buffer for every character it reads.
      record_delimiter: ['\r\n', '\n', '\r'],
    }), () => undefined);
  // The upload itself is not part of the pipeline: a refusal must not reset the sender's connection.
  source.once('error', (error) => text.destroy(error));
  source.pipe(text);
  let columns: BulkImportColumn[] | null = null;
  let rows = 0;
  let batch: BulkImportCells[] = [];
  try {
    for await (const cells of records as AsyncIterable<string[]>) {
      if (columns === null) {
        columns = headerColumns(cells);
        continue;
      }
      if (!cells.some((cell) => cell.trim() !== '')) continue;
      rows++;
      // Past the limit the rest is only counted, so the refusal says how many rows the file has.
      if (rows > limits.maxRows) continue;
      if (cells.some((cell) => CONTROL.test(cell))) throw refused(`Row ${rows} contains control characters: remove them and upload the file again.`);
      const row: BulkImportCells = { name: '', destination: '', category: '', tags: '', slug: '', template: '', domain: '' };
      columns.forEach((column, i) => (row[column] = cells[i] ?? ''));
      batch.push(row);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw readingError(error);
  } finally {
    source.unpipe(text);
    discardRest(source, limits.maxBytes);
  }
  if (columns === null || rows === 0) throw refused(BULK_IMPORT_MESSAGES.empty);
  if (rows > limits.maxRows) throw refused(BULK_IMPORT_MESSAGES.tooManyRows(rows));
  if (batch.length > 0) yield batch;
}

/**
 * What is left of a refused upload is read and dropped (up to `maxBytes` more, then the connection
 * is cut), so the sender, still sending, reads the refusal instead of a reset connection.
 */
function discardRest(source: Readable, maxBytes: number): void {
  if (source.readableEnded || source.destroyed) return;
  let dropped = 0;
  source.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) source.destroy();
  });
  source.resume();
}

function headerColumns(header: string[]): BulkImportColumn[] {
  const columns = header.map((title) => {
    const key = ALIASES[title.trim().toLowerCase().replace(/[\s_-]+/g, '')];
    if (!key) throw refused(BULK_IMPORT_MESSAGES.unknownColumn(title.trim().slice(0, 60)));
    return key;
  });
  for (const column of BULK_IMPORT_COLUMNS) {
    if (columns.filter((c) => c === column).length > 1) throw refused(BULK_IMPORT_MESSAGES.duplicateColumn(column));
  }
  for (const column of REQUIRED) if (!columns.includes(column)) throw refused(BULK_IMPORT_MESSAGES.missingColumn(column));
  return columns;
}
