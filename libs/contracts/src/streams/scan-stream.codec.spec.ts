import { decodeScanEntry, encodeScanEntry, SCAN_FIELD, type ScanStreamEntry } from './scan-stream.codec';

const ENTRY: ScanStreamEntry = {
  id: '0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f',
  codeId: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  slug: 'menu',
  ts: 1_764_000_000_000,
  ip: '81.2.69.142',
  userAgent: 'Mozilla/5.0',
  referer: '',
  acceptLanguage: 'en',
  country: '',
  method: 'GET',
  purpose: '',
};

const roundTrip = (entry: ScanStreamEntry) => decodeScanEntry([SCAN_FIELD, encodeScanEntry(entry)]);

describe('scan stream entries', () => {
  it('carries a click (a visit through the shareable link), with or without an A/B variant', () => {
    expect(roundTrip({ ...ENTRY, source: 'click' })).toEqual({ ...ENTRY, source: 'click' });
    expect(roundTrip({ ...ENTRY, source: 'click', variant: 'B' })).toEqual({ ...ENTRY, source: 'click', variant: 'B' });
  });

  it('reads scans as before: no source is a scan, and entries written before clicks still decode', () => {
    expect(roundTrip(ENTRY)).toEqual(ENTRY);
    expect(roundTrip({ ...ENTRY, variant: 'A' })).toEqual({ ...ENTRY, variant: 'A' });
    expect(JSON.parse(encodeScanEntry(ENTRY))).toHaveLength(12);
    expect(JSON.parse(encodeScanEntry({ ...ENTRY, variant: 'A' }))).toHaveLength(13);
  });

  it('writes the packed array the readers know, byte for byte', () => {
    const head = '[2,"0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f","6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f","menu",1764000000000,"81.2.69.142"';

    expect(encodeScanEntry(ENTRY)).toBe(`${head},"Mozilla/5.0","","en","","GET",""]`);
    expect(encodeScanEntry({ ...ENTRY, userAgent: 'a "b"\tc\n', variant: 'A' })).toBe(`${head},"a \\"b\\"\\tc\\n","","en","","GET","","A"]`);
    expect(encodeScanEntry({ ...ENTRY, source: 'click' })).toBe(`${head},"Mozilla/5.0","","en","","GET","","","c"]`);
    expect(encodeScanEntry({ ...ENTRY, rule: 4 })).toBe(`${head},"Mozilla/5.0","","en","","GET","","","",4]`);
  });

  it('carries the routing rule that sent the scan, with or without a variant or a click', () => {
    expect(roundTrip({ ...ENTRY, rule: 2 })).toEqual({ ...ENTRY, rule: 2 });
    expect(roundTrip({ ...ENTRY, rule: 1, source: 'click' })).toEqual({ ...ENTRY, rule: 1, source: 'click' });
    expect(roundTrip({ ...ENTRY, rule: 3, variant: 'B' })).toEqual({ ...ENTRY, rule: 3, variant: 'B' });
    expect(JSON.parse(encodeScanEntry({ ...ENTRY, rule: 2 }))).toEqual([...(JSON.parse(encodeScanEntry(ENTRY)) as unknown[]), '', '', 2]);
  });

  it('decodes entries written before rules exactly as before (variant, click, both)', () => {
    const base = JSON.parse(encodeScanEntry(ENTRY)) as unknown[];
    const decode = (values: unknown[]) => decodeScanEntry([SCAN_FIELD, JSON.stringify(values)]);
    expect(decode([...base, 'A'])).toEqual({ ...ENTRY, variant: 'A' });
    expect(decode([...base, '', 'c'])).toEqual({ ...ENTRY, source: 'click' });
    expect(decode([...base, 'B', 'c'])).toEqual({ ...ENTRY, variant: 'B', source: 'click' });
  });

  it('drops a rule that is not a small positive whole number but keeps the scan', () => {
    const base = JSON.parse(encodeScanEntry(ENTRY)) as unknown[];
    for (const rule of [0, -1, 1.5, '2', 40000, null]) expect(decodeScanEntry([SCAN_FIELD, JSON.stringify([...base, '', '', rule])])).toEqual(ENTRY);
  });

  it('refuses an entry with more values than it knows', () => {
    const packed = JSON.parse(encodeScanEntry({ ...ENTRY, source: 'click', rule: 1 })) as unknown[];
    expect(decodeScanEntry([SCAN_FIELD, JSON.stringify([...packed, 'x'])])).toBeNull();
  });
});
