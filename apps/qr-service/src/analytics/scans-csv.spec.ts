import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { CsvScan } from './analytics.repository';
import { csvCell, scansToCsv } from './scans-csv';

const SCAN: CsvScan = {
  scannedAt: new Date('2025-01-02T03:04:05.000Z'),
  isBot: false,
  botReason: null,
  method: 'GET',
  device: 'mobile',
  os: 'iOS',
  browser: 'Mobile Safari',
  country: 'GB',
  region: 'England',
  city: 'Bracknell',
  referrer: null,
  language: 'en-GB',
  visitorHash: 'abc',
  source: 'scan',
};

describe(scansToCsv.name, () => {
  it('writes a header and one line per scan', async () => {
    const csv = await text(Readable.from([SCAN, { ...SCAN, isBot: true, botReason: 'crawler', city: 'Washington, D.C.', source: 'click' }]).pipe(scansToCsv()));

    expect(csv.split('\r\n')).toEqual([
      'scanned_at,is_bot,bot_reason,method,device,os,browser,country,region,city,referrer,language,visitor,source',
      '2025-01-02T03:04:05.000Z,false,,GET,mobile,iOS,Mobile Safari,GB,England,Bracknell,,en-GB,abc,scan',
      '2025-01-02T03:04:05.000Z,true,crawler,GET,mobile,iOS,Mobile Safari,GB,England,"Washington, D.C.",,en-GB,abc,click',
      '',
    ]);
  });

  it('is the header alone for a code with no scans', async () => {
    expect(await text(Readable.from([]).pipe(scansToCsv()))).toBe(
      'scanned_at,is_bot,bot_reason,method,device,os,browser,country,region,city,referrer,language,visitor,source\r\n',
    );
  });

  it('quotes separators and defuses spreadsheet formulas', () => {
    expect(csvCell('Washington, D.C.')).toBe('"Washington, D.C."');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
  });
});
