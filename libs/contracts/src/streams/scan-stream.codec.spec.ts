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

  it('refuses an entry with more values than it knows', () => {
    const packed = JSON.parse(encodeScanEntry({ ...ENTRY, source: 'click' })) as unknown[];
    expect(decodeScanEntry([SCAN_FIELD, JSON.stringify([...packed, 'x'])])).toBeNull();
  });
});
