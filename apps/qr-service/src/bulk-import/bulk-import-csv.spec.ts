import { BULK_IMPORT_MESSAGES, BulkImportCells, DomainError } from '@qrd/contracts';
import { readBulkImportCsv } from './bulk-import-csv';

/** The file in chunks of `chunk` bytes (a character may be split between two), as a request arrives. */
async function* chunks(file: Buffer | string, chunk: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(file);
  for (let at = 0; at < bytes.length; at += chunk) yield bytes.subarray(at, at + chunk);
}

async function read(file: Buffer | string, options: { chunk?: number; batch?: number; maxRows?: number; maxBytes?: number } = {}): Promise<BulkImportCells[][]> {
  const batches: BulkImportCells[][] = [];
  const limits = { maxRows: options.maxRows ?? 1000, maxBytes: options.maxBytes ?? 1024 * 1024 };
  for await (const batch of readBulkImportCsv(chunks(file, options.chunk ?? 7), options.batch ?? 500, limits)) batches.push(batch);
  return batches;
}

async function refusal(file: Buffer | string, options: { maxRows?: number; maxBytes?: number } = {}): Promise<string> {
  try {
    await read(file, options);
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe(readBulkImportCsv.name, () => {
  it('reads UTF-8 with or without a byte order mark, CRLF or LF, quoted commas and columns in any order, whatever the chunks', async () => {
    const withBom = await read('\uFEFFDestination URL,Name,Tags\r\nhttps://example.com/a,"Café, terrace","a;b"\r\n\r\n', { chunk: 1 });
    expect(withBom).toEqual([[{ name: 'Café, terrace', destination: 'https://example.com/a', category: '', tags: 'a;b', slug: '', template: '', domain: '' }]]);
    const plain = await read('name,destination,category,tags,custom slug\nMenu,https://example.com/m,restaurant,,menu-1\n');
    expect(plain).toEqual([[{ name: 'Menu', destination: 'https://example.com/m', category: 'restaurant', tags: '', slug: 'menu-1', template: '', domain: '' }]]);
  });

  it('hands the rows on in batches, in file order', async () => {
    const file = `name,destination\n${Array.from({ length: 7 }, (_, i) => `C${i + 1},https://example.com/${i + 1}`).join('\n')}\n`;
    const batches = await read(file, { batch: 3 });
    expect(batches.map((batch) => batch.map((row) => row.name))).toEqual([['C1', 'C2', 'C3'], ['C4', 'C5', 'C6'], ['C7']]);
  });

  it('reads a design template named per row ("template" or "design template")', async () => {
    const [rows] = await read('name,destination,Design Template\nMenu,https://example.com/m,Brand colours\nFlyer,https://example.com/f,\n');
    expect(rows.map((row) => row.template)).toEqual(['Brand colours', '']);
  });

  it('refuses what it cannot import, saying what to change', async () => {
    expect(await refusal('name,destination\n')).toBe(BULK_IMPORT_MESSAGES.empty);
    expect(await refusal('')).toBe(BULK_IMPORT_MESSAGES.empty);
    expect(await refusal('name\nMenu\n')).toBe(BULK_IMPORT_MESSAGES.missingColumn('destination'));
    expect(await refusal('name,destination,colour\nMenu,https://example.com,red\n')).toBe(BULK_IMPORT_MESSAGES.unknownColumn('colour'));
    expect(await refusal('name,destination,name\nMenu,https://example.com,x\n')).toBe(BULK_IMPORT_MESSAGES.duplicateColumn('name'));
    expect(await refusal(Buffer.from('name,destination\nCaf\xe9,https://example.com\n', 'latin1'))).toBe(BULK_IMPORT_MESSAGES.notUtf8);
    expect(await refusal('name,destination\n"Menu,https://example.com\n')).toMatch(/could not be read as CSV/);
    expect(await refusal('name,destination\nMenu,https://example.com\nBell\u0007,https://example.com\n')).toBe(
      'Row 2 contains control characters: remove them and upload the file again.',
    );
    const rows = Array.from({ length: 1001 }, (_, i) => `C${i},https://example.com/${i}`).join('\n');
    expect(await refusal(`name,destination\n${rows}\n`, { maxRows: 1000 })).toBe(BULK_IMPORT_MESSAGES.tooManyRows(1001));
    expect(await refusal(`name,destination\nBig,https://example.com/${'a'.repeat(2000)}\n`, { maxBytes: 1000 })).toBe(BULK_IMPORT_MESSAGES.tooLarge);
  });
});
