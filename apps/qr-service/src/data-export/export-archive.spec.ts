import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { AppConfig } from '@qrd/config';
import type { ExportCodeRow } from './data-exports.repository';
import { exportArchive, ExportContents, ExportScanRow } from './export-archive';
import { LocalDiskExportStorage } from './export-storage';

const CODE: ExportCodeRow = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  slug: 'Ab3dE5g',
  domainHost: null,
  name: 'Menu, "summer"',
  destination: 'https://example.com/menu',
  category: 'restaurant',
  design: { foreground: '#000000', logo: 'iVBORw0KGgo-the-logo-bytes' },
  campaign: { schedule: [{ at: '2026-12-01T00:00:00.000Z', destination: 'https://example.com/winter' }] },
  state: 'active',
  deactivatedByOwner: false,
  passwordProtected: true,
  version: 4,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-02-01T00:00:00.000Z'),
  destinationUpdatedAt: new Date('2026-02-01T00:00:00.000Z'),
  takenDownAt: null,
  takedownReason: null,
  deletedAt: null,
  scans: '5000',
  botScans: '0',
  lastScanAt: new Date('2026-03-01T00:00:00.000Z'),
};

function scanRow(i: number): ExportScanRow {
  return {
    scanId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    codeId: CODE.id,
    slug: CODE.slug,
    scannedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
    isBot: false,
    botReason: null,
    method: 'GET',
    device: 'mobile',
    os: 'iOS',
    browser: 'Safari',
    country: 'GB',
    region: null,
    city: i === 0 ? '=HYPERLINK("http://evil")' : 'Bracknell',
    referrer: null,
    language: 'en',
    variant: null,
    visitorHash: 'v',
  };
}

function contents(scans: Readable, onScans: (n: number) => void = () => undefined): ExportContents {
  return {
    generatedAt: new Date('2026-03-02T00:00:00.000Z'),
    publicBaseUrl: 'https://qr.example',
    profile: { id: 'u1', username: 'alice', email: 'alice@example.com' } as ExportContents['profile'],
    apiKeys: [],
    billing: { customers: [], subscriptions: [], seatPurchases: [] },
    codes: [CODE, { ...CODE, id: '7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d', slug: 'menu', domainHost: 'qr.acme.com' }],
    conversions: [
      {
        id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
        kind: 'sale',
        codeId: CODE.id,
        scanId: '0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f',
        scannedAt: new Date('2026-03-01T10:00:00.000Z'),
        variant: 'B',
        rule: 2,
        externalId: '=order-9',
        amount: '2599',
        currency: 'EUR',
        source: 'api',
        createdAt: new Date('2026-03-01T10:05:00.000Z'),
      },
    ],
    scans,
    onScans,
  };
}

function unzip(path: string): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        }),
      );
      zip.readEntry();
    });
  });
}

describe(exportArchive.name, () => {
  let dir: string;
  let sut: LocalDiskExportStorage;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'export-archive-'));
    sut = new LocalDiskExportStorage({ dataExports: { dir, ttlDays: 7 } } as AppConfig);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes every scan row it is given, counts them, defuses formulas and leaves the logo bytes out', async () => {
    const counted: number[] = [];
    const key = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f.zip';
    const size = await sut.write(key, exportArchive(contents(Readable.from(Array.from({ length: 5000 }, (_, i) => scanRow(i))), (n) => counted.push(n))));
    expect(size).toBeGreaterThan(0);

    const files = await unzip(join(dir, key));
    const file = (name: string): string => files.get(name) ?? '';
    const lines = file('scans.csv').trimEnd().split('\r\n');
    expect(lines).toHaveLength(5001);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(counted.at(-1)).toBe(5000);
    const [code, branded] = JSON.parse(file('codes.json'));
    // A code on a custom domain is exported with its link there.
    expect(branded).toMatchObject({ slug: 'menu', shortUrl: 'https://qr.acme.com/menu' });
    const conversions = file('conversions.csv').trimEnd().split('\r\n');
    expect(conversions[0]).toBe('id,kind,code_id,scan_id,scanned_at,variant,rule,external_id,amount,currency,source,created_at');
    expect(conversions[1]).toContain(`,sale,${CODE.id},0192f0c4-5a1b-7c3d-9e4f-0a1b2c3d4e5f,2026-03-01T10:00:00.000Z,B,2,'=order-9,2599,EUR,api,`);
    expect(file('README.txt')).toContain('conversions.csv');
    expect(code).toMatchObject({ shortUrl: 'https://qr.example/r/Ab3dE5g', passwordProtected: true, design: { hasLogo: true }, history: { redirectVersion: 4 } });
    expect(files.get('codes.json')).not.toContain('the-logo-bytes');
    expect(files.get('codes.csv')).toContain('"Menu, ""summer"""');
  });

  it('leaves no file when the scans cannot be read to the end', async () => {
    const failing = new Readable({
      objectMode: true,
      read() {
        this.destroy(new Error('the cursor failed'));
      },
    });
    await expect(sut.write('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f.zip', exportArchive(contents(failing)))).rejects.toThrow();
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a storage key it did not make', async () => {
    await expect(sut.read('../../etc/passwd')).rejects.toThrow('not an export key');
    expect(await sut.read('6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f.zip')).toBeNull();
  });
});
