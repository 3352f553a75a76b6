import archiver from 'archiver';
import { PassThrough, Readable, Transform } from 'node:stream';
import { SCAN_ARCHIVE_COLUMNS } from '@qrd/contracts';
import type { ApiKeyView, BillingRecordsExport, ScanArchiveRecord, UserView } from '@qrd/contracts';
import { csvCell } from '../analytics/scans-csv';
import type { ExportCodeRow, ExportConversionRow } from './data-exports.repository';
import { shortUrl } from '../codes/code.record';

/** A scan row of the account data export (the shared scan-record contract). */
export type ExportScanRow = ScanArchiveRecord;

export interface ExportContents {
  generatedAt: Date;
  publicBaseUrl: string;
  profile: UserView;
  apiKeys: ApiKeyView[];
  billing: BillingRecordsExport;
  codes: ExportCodeRow[];
  /** Leads and sales reported against the scans (conversions). */
  conversions: ExportConversionRow[];
  /** Stored scans as rows, read as the archive is written. */
  scans: Readable;
  /** Called with the number of scans written so far, every few hundred rows. */
  onScans: (written: number) => void;
}

const SCAN_COLUMNS = SCAN_ARCHIVE_COLUMNS;
const CODE_COLUMNS = [
  'id',
  'slug',
  'short_url',
  'name',
  'destination',
  'category',
  'state',
  'deactivated_by_owner',
  'password_protected',
  'version',
  'created_at',
  'updated_at',
  'destination_updated_at',
  'taken_down_at',
  'takedown_reason',
  'deleted_at',
  'scans',
  'bot_scans',
  'last_scan_at',
];
const PROGRESS_EVERY_ROWS = 500;
const CONVERSION_COLUMNS = ['id', 'kind', 'code_id', 'scan_id', 'scanned_at', 'variant', 'rule', 'external_id', 'amount', 'currency', 'source', 'created_at'];

function conversionsCsv(rows: ExportConversionRow[]): string {
  return (
    line(CONVERSION_COLUMNS) +
    rows
      .map((c) => line([c.id, c.kind, c.codeId, c.scanId, iso(c.scannedAt), c.variant, c.rule, c.externalId, c.amount === null ? null : Number(c.amount), c.currency, c.source, iso(c.createdAt)]))
      .join('')
  );
}

const iso = (d: Date | null) => d?.toISOString() ?? null;
const line = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

const README = (c: ExportContents) => `Your QR Dynamic data, exported ${c.generatedAt.toISOString()}

profile.json   your account (no password: only its hash is kept, and it is not exported) and your API keys (names and scopes; the keys themselves are never stored)
billing.json   what we hold of your subscription: customer records, subscriptions, seat purchases (card brand and last 4 digits only)
codes.json     every QR code, deleted ones included, with its design, campaign settings (schedules, rules, A/B split, expiry, scan limit) and history
codes.csv      the same codes, one line each
scans.csv      every stored scan of your codes, oldest first, with code_id and slug; no IP addresses are stored, only a daily-salted visitor hash
conversions.csv  every lead and sale your site reported against a scan (amount in minor units of its currency, e.g. cents), oldest first;
                 variant and rule: the A/B variant and the routing rule (its position in the code's rules) that sent the scan

About the history: we keep, per code, when it was created, last changed and when its destination last changed, how many times its
redirect changed (version), whether it was deactivated, taken down or deleted, and its scheduled destination changes. Earlier
destinations are not kept, so they cannot be exported.
`;

/** A code's design without the logo's bytes (the logo is an image you uploaded; hasLogo says whether there is one). */
function designOf(design: Record<string, unknown>): Record<string, unknown> {
  const { logo, ...rest } = design ?? {};
  return { ...rest, hasLogo: logo !== undefined && logo !== null };
}

function codeJson(code: ExportCodeRow, base: string) {
  return {
    id: code.id,
    slug: code.slug,
    shortUrl: shortUrl(base, code.slug, code.domainHost ?? null),
    name: code.name,
    destination: code.destination,
    category: code.category,
    state: code.deletedAt ? 'deleted' : code.takenDownAt ? 'taken-down' : code.state,
    passwordProtected: code.passwordProtected,
    design: designOf(code.design),
    campaign: code.campaign ?? null,
    history: {
      createdAt: iso(code.createdAt),
      updatedAt: iso(code.updatedAt),
      destinationUpdatedAt: iso(code.destinationUpdatedAt),
      redirectVersion: code.version,
      deactivatedByOwner: code.deactivatedByOwner,
      takenDownAt: iso(code.takenDownAt),
      takedownReason: code.takedownReason,
      deletedAt: iso(code.deletedAt),
    },
    scans: { total: Number(code.scans), bots: Number(code.botScans), lastScanAt: iso(code.lastScanAt) },
  };
}

function codesCsv(codes: ExportCodeRow[], base: string): string {
  return (
    line(CODE_COLUMNS) +
    codes
      .map((c) =>
        line([
          c.id,
          c.slug,
          shortUrl(base, c.slug, c.domainHost ?? null),
          c.name,
          c.destination,
          c.category,
          c.state,
          c.deactivatedByOwner,
          c.passwordProtected,
          c.version,
          iso(c.createdAt),
          iso(c.updatedAt),
          iso(c.destinationUpdatedAt),
          iso(c.takenDownAt),
          c.takedownReason,
          iso(c.deletedAt),
          c.scans,
          c.botScans,
          iso(c.lastScanAt),
        ]),
      )
      .join('')
  );
}

/** Stored scans in, CSV lines out (the header first), counting what passed. */
function scansToCsv(onScans: (written: number) => void): Transform {
  let written = 0;
  const csv = new Transform({
    writableObjectMode: true,
    transform(row: ExportScanRow, _encoding, done) {
      written += 1;
      if (written % PROGRESS_EVERY_ROWS === 0) onScans(written);
      done(null, line(SCAN_COLUMNS.map((k) => (row[k] instanceof Date ? (row[k] as Date).toISOString() : (row[k] as string | boolean | null)))));
    },
    flush(done) {
      onScans(written);
      done();
    },
  });
  csv.push(line(SCAN_COLUMNS.map((k) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`))));
  return csv;
}

/**
 * The export as a ZIP stream: small files from memory, the scans from the cursor as the archive
 * consumes them (archiver reads one entry at a time, so back-pressure reaches the database).
 */
export function exportArchive(contents: ExportContents): Readable {
  const zip = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  // A failure may come before the consumer attaches (its pipeline still reports it, from the
  // stream's errored state): it must not be an 'error' event nobody listens to.
  out.on('error', () => undefined);
  zip.on('warning', (error) => out.destroy(error));
  zip.on('error', (error) => out.destroy(error));
  zip.pipe(out);
  let ended = false;
  zip.once('end', () => (ended = true));
  // The scans reach archiver through a stream of ours that never errors: a failed read fails
  // `out` (so nothing is stored) instead of becoming an error event archiver does not handle.
  const csv = scansToCsv(contents.onScans);
  const scansCsv = new PassThrough();
  const fail = (error: Error) => out.destroy(error);
  contents.scans.once('error', fail);
  csv.once('error', fail);
  contents.scans.pipe(csv).pipe(scansCsv);
  // A reader that went away or failed: stop the cursor too, so its connection goes back to the pool.
  out.once('close', () => {
    if (ended) return;
    contents.scans.destroy();
    csv.destroy();
    scansCsv.destroy();
    zip.abort();
  });
  const base = contents.publicBaseUrl;
  const date = contents.generatedAt;
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  zip.append(README(contents), { name: 'README.txt', date });
  zip.append(json({ user: contents.profile, apiKeys: contents.apiKeys }), { name: 'profile.json', date });
  zip.append(json(contents.billing), { name: 'billing.json', date });
  zip.append(json(contents.codes.map((c) => codeJson(c, base))), { name: 'codes.json', date });
  zip.append(codesCsv(contents.codes, base), { name: 'codes.csv', date });
  zip.append(conversionsCsv(contents.conversions), { name: 'conversions.csv', date });
  zip.append(scansCsv, { name: 'scans.csv', date });
  void zip.finalize().catch((error: Error) => out.destroy(error));
  return out;
}
