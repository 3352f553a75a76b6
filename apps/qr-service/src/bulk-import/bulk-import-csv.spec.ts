import { BULK_IMPORT_MESSAGES, DomainError } from '@qrd/contracts';
import { parseBulkImportCsv } from './bulk-import-csv';

function refusal(file: Buffer | string): string {
  try {
    parseBulkImportCsv(Buffer.from(file));
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe(parseBulkImportCsv.name, () => {
  it('reads UTF-8 with or without a byte order mark, CRLF or LF, quoted commas and columns in any order', () => {
    const withBom = parseBulkImportCsv(Buffer.from('\uFEFFDestination URL,Name,Tags\r\nhttps://example.com/a,"Café, terrace","a;b"\r\n\r\n'));
    expect(withBom).toEqual([{ name: 'Café, terrace', destination: 'https://example.com/a', category: '', tags: 'a;b', slug: '', template: '' }]);
    const plain = parseBulkImportCsv(Buffer.from('name,destination,category,tags,custom slug\nMenu,https://example.com/m,restaurant,,menu-1\n'));
    expect(plain).toEqual([{ name: 'Menu', destination: 'https://example.com/m', category: 'restaurant', tags: '', slug: 'menu-1', template: '' }]);
  });

  it('reads a design template named per row ("template" or "design template")', () => {
    const rows = parseBulkImportCsv(Buffer.from('name,destination,Design Template\nMenu,https://example.com/m,Brand colours\nFlyer,https://example.com/f,\n'));
    expect(rows.map((row) => row.template)).toEqual(['Brand colours', '']);
  });

  it('refuses what it cannot import, saying what to change', () => {
    expect(refusal('name,destination\n')).toBe(BULK_IMPORT_MESSAGES.empty);
    expect(refusal('name\nMenu\n')).toBe(BULK_IMPORT_MESSAGES.missingColumn('destination'));
    expect(refusal('name,destination,colour\nMenu,https://example.com,red\n')).toBe(BULK_IMPORT_MESSAGES.unknownColumn('colour'));
    expect(refusal('name,destination,name\nMenu,https://example.com,x\n')).toBe(BULK_IMPORT_MESSAGES.duplicateColumn('name'));
    expect(refusal(Buffer.from('name,destination\nCaf\xe9,https://example.com\n', 'latin1'))).toBe(BULK_IMPORT_MESSAGES.notUtf8);
    expect(refusal('name,destination\n"Menu,https://example.com\n')).toMatch(/could not be read as CSV/);
    expect(refusal('name,destination\nMenu,https://example.com\nBell\u0007,https://example.com\n')).toBe(
      'Row 2 contains control characters: remove them and upload the file again.',
    );
    const rows = Array.from({ length: 1001 }, (_, i) => `C${i},https://example.com/${i}`).join('\n');
    expect(refusal(`name,destination\n${rows}\n`)).toBe(BULK_IMPORT_MESSAGES.tooManyRows(1001));
    expect(refusal(`name,destination\nBig,https://example.com/${'a'.repeat(1024 * 1024)}\n`)).toBe(BULK_IMPORT_MESSAGES.tooLarge);
  });
});
