import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { EEA_COUNTRIES, scanWebhookRecord } from '@qrd/contracts';
import type { EnrichedScan } from './scan-enricher';
import { ensurePartitions, Month, monthOf } from './scan-partitions';
import { VISITOR_LOCK } from './rollup-removal';
import { CityPlace, CityPlaces } from './city-places';
import { HourlyCodes, sameCodes } from './hourly-codes';
import { KnownVisitors, VisitorKey } from './known-visitors';
import { plainArray, textArray } from './pg-arrays';
import { RawColumns, rawColumns, visitorKeys } from './scan-rows';
import { ScanTerms } from './scan-terms';
import { BatchRollup, BucketRow, finishRollUp, OwnedScan, quarterHourOf, ScanTally, tallyScans, UniqueDelta } from './scan-rollups';

/** The countries of the EU privacy mode. */
const EEA = new Set<string>(EEA_COUNTRIES);

/** Codes whose owner a process remembers. */
const OWNER_MEMO_SIZE = 100_000;


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (ms: number) => new Date(ms).toISOString();

/** A batch ready to store (see ScansRepository.prepareBatch). */
export interface PreparedBatch {
  batch: EnrichedScan[];
  months: Set<Month>;
  raw: RawColumns | null;
  guess: { owners: Map<string, string>; hourly: Set<string>; tally: ScanTally; visitors: VisitorKey[] } | null;
}

/**
 * Writes scans and everything read from them (rollups, unique visitors, all-time counters) in one
 * transaction, so analytics never see a scan half counted and a redelivered batch counts nothing.
 */
@Injectable()
export class ScansRepository {
  /** Months known to have a partition: most batches need no catalog query. */
  private readonly partitions = new Set<Month>();
  /** Codes' owners as the last batches found them (a code never changes owner). */
  private readonly owners = new Map<string, string>();
  private readonly hourly = new HourlyCodes();
  /** Settles when the batch holding the rollups' turn has committed (see storePrepared). */
  private turn: Promise<void> = Promise.resolve();
  /** Visitor rows known to be stored: their keys need not go to PostgreSQL again. */
  private readonly knownVisitors = new KnownVisitors();
  /** The dictionaries' ids of agents, places and contexts. */
  private readonly terms: ScanTerms;

  constructor(
    private readonly db: DataSource,
    @Optional() private readonly cities: CityPlaces = new CityPlaces(),
  ) {
    this.terms = new ScanTerms(db);
  }

  /**
   * Stores a batch; scans already stored (a redelivery, a re-sent buffer) and scans of unknown or
   * deleted codes are skipped, and only the scans really inserted are rolled up. Returns how many
   * scans were new.
   */
  async insertBatch(scans: EnrichedScan[]): Promise<number> {
    return this.storePrepared(this.prepareBatch(scans));
  }

  /**
   * What can be worked out before the transaction: the rows to insert and, if this process knows
   * the owner of every code in the batch (a code never changes owner), its tally and visitors as
   * if every scan were new (the usual case, checked once the rows are in). Done outside the
   * transaction, it overlaps another batch's statements.
   */
  prepareBatch(scans: EnrichedScan[]): PreparedBatch {
    const unique = new Map<string, EnrichedScan>();
    for (const scan of scans) {
      if (!UUID.test(scan.codeId) || !UUID.test(scan.scanId)) continue;
      // As PostgreSQL spells uuids: the batch's sums are keyed by them.
      scan.codeId = scan.codeId.toLowerCase();
      scan.scanId = scan.scanId.toLowerCase();
      unique.set(scan.scanId, scan);
    }
    const batch = [...unique.values()];
    const months = new Set<Month>();
    for (const scan of batch) months.add(monthOf(scan.scannedAt));
    let guess: PreparedBatch['guess'] = null;
    if (batch.length > 0 && batch.every((scan) => this.owners.has(scan.codeId))) {
      const owners = new Map<string, string>();
      for (const scan of batch) {
        const ownerId = this.owners.get(scan.codeId) as string;
        owners.set(scan.codeId, ownerId);
        (scan as OwnedScan).ownerId = ownerId;
      }
      const owned = batch as OwnedScan[];
      const hourly = this.hourly.among(owners.keys());
      guess = { owners, hourly, tally: tallyScans(owned), visitors: visitorKeys(owned, hourly) };
    }
    return { batch, months, raw: batch.length > 0 ? rawColumns(batch) : null, guess };
  }

  /**
   * The raw rows go in at once (batches stored at the same time do not block each other there);
   * the visitors, totals and counters, which every batch of an owner shares, are written by one
   * batch of this replica at a time, until it commits: concurrent batches would only wait on each
   * other's row locks, which cost more than taking turns.
   */
  async storePrepared({ batch, months, raw, guess }: PreparedBatch): Promise<number> {
    if (batch.length === 0 || raw === null) return 0;
    const ids = await this.termIds(raw);
    let release: (() => void) | undefined;
    try {
      let places: CityPlace[] = [];
      const { stored, visited } = await this.db.transaction(async (tx) => {
        if ([...months].some((m) => !this.partitions.has(m))) {
          await ensurePartitions(tx, months);
          for (const month of months) this.partitions.add(month);
        }
        const { fresh, hooked, stripped, hourly } = await this.insertRaw(tx, batch, raw, ids);
        if (fresh.length === 0) return { stored: 0, visited: null };
        if (hooked.size > 0) await this.queueForWebhooks(tx, fresh.filter((scan) => hooked.has(scan.ownerId)));
        // The guess holds if every scan was new, every code's owner and unique window as remembered and no place dropped (EU privacy).
        const guessed =
          guess !== null && !stripped && fresh.length === batch.length && sameCodes(hourly, guess.hourly) &&
          fresh.every((scan) => scan.ownerId === guess.owners.get(scan.codeId));
        const visitors = guessed ? guess.visitors : visitorKeys(fresh, hourly);
        const tally = guessed ? guess.tally : tallyScans(fresh);
        release = await this.takeTurn();
        // Under the turn: batches of this replica never wait on each other's new cities.
        places = this.cities.unknown(fresh);
        await this.cities.store(tx, places);
        const epoch = await this.visitorEpoch(tx);
        const keys = this.knownVisitors.unknown(visitors, epoch);
        const uniques = await this.firstVisits(tx, keys);
        await this.writeRollup(tx, finishRollUp(tally, uniques));
        return { stored: fresh.length, visited: { keys, epoch } };
      });
      // Committed: these visitors' rows are stored (remembered before the next batch takes its turn).
      if (visited) this.knownVisitors.remember(visited.keys, visited.epoch);
      this.cities.remember(places);
      return stored;
    } finally {
      release?.();
    }
  }

  /** The batch's agents, places and contexts as dictionary ids (array literals), before the transaction. */
  private async termIds(raw: RawColumns): Promise<string[]> {
    const [agents, places, privatePlaces, contexts] = await Promise.all([
      this.terms.idsOf('scan_agents', raw.agents),
      this.terms.idsOf('scan_places', raw.places),
      this.terms.idsOf('scan_places', raw.privatePlaces),
      this.terms.idsOf('scan_contexts', raw.contexts),
    ]);
    return [agents, places, privatePlaces, contexts].map(plainArray);
  }

  /**
   * The visitors' removal epoch, read under their shared lock: no code or account deletion can
   * remove visitors until this batch commits, and any removal before shows in the epoch.
   */
  private async visitorEpoch(tx: EntityManager): Promise<string> {
    await tx.query(`SELECT pg_advisory_xact_lock_shared($1)`, [VISITOR_LOCK]);
    const [row]: { epoch: string }[] = await tx.query(`SELECT epoch::text AS epoch FROM qr.visitor_removals`);
    return row?.epoch ?? '';
  }

  /** Waits for this replica's other batches to commit their rollups; answers the release. */
  private takeTurn(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const previous = this.turn;
    this.turn = previous.then(() => done);
    return previous.then(() => release);
  }

  /**
   * The scans of owners with an enabled endpoint taking scan.created wait, committed with the scans,
   * for the next batch (webhooks/scan-webhooks.ts). No IP address or visitor hash leaves.
   */
  private async queueForWebhooks(tx: EntityManager, scans: OwnedScan[]): Promise<void> {
    await tx.query(
      `INSERT INTO qr.webhook_scan_queue (owner_id, scan)
       SELECT s.owner_id, s.scan FROM unnest($1::uuid[], $2::jsonb[]) AS s(owner_id, scan)
       WHERE EXISTS (SELECT 1 FROM qr.webhook_endpoints e WHERE e.owner_id = s.owner_id AND e.enabled AND 'scan.created' = ANY(e.events))`,
      [
        scans.map((s) => s.ownerId),
        scans.map((s) => JSON.stringify(scanWebhookRecord(s))),
      ],
    );
  }

  /** Months of raw scans were dropped (retention): forget them so a late scan recreates its month. */
  forgetPartitions(): void {
    this.partitions.clear();
  }

  /**
   * One statement: the batch's codes are share-locked once each (a code being deleted waits for
   * this batch, or this batch skips it: see rollup-removal.ts), the rows inserted, and only the
   * codes' owners and the scans not inserted (already stored, or of no live code) come back, with
   * the owners that take scans by webhook (most take none: their scans are not written out for it),
   * and the codes counting unique visitors per hour.
   */
  private async insertRaw(
    tx: EntityManager,
    batch: EnrichedScan[],
    raw: RawColumns,
    ids: string[],
  ): Promise<{ fresh: OwnedScan[]; hooked: Set<string>; stripped: boolean; hourly: Set<string> }> {
    const codeIds = [...new Set(batch.map((s) => s.codeId))].sort();
    const rows: { id: string; owner: string | null; hooked: boolean; private: boolean; hourly: boolean }[] = await tx.query(
      `WITH c AS MATERIALIZED (
         SELECT id, scan_key, owner_id, unique_window = 'hour' AS hourly,
                coalesce((SELECT eu_privacy FROM qr.analytics_settings a WHERE a.owner_id = codes.owner_id), false) AS private
         FROM qr.codes WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL ORDER BY id FOR SHARE
       ), i AS MATERIALIZED (
         SELECT * FROM unnest($2::uuid[], $3::uuid[], $4::float8[], $5::int[], $6::int[], $7::int[], $8::int[], $9::int[], $10::int[])
           AS i(scan_id, code_id, scanned_ms, visitor_high, visitor_low, agent, place, private_place, context)
       ), ins AS (
         INSERT INTO qr.scan_rows (scanned_at, scan_id, visitor, code, agent, place, context)
         SELECT to_timestamp(i.scanned_ms / 1000), i.scan_id, (i.visitor_high::bigint << 30) | i.visitor_low, c.scan_key, i.agent,
                -- EU privacy mode: a visitor from the EEA keeps their country only.
                CASE WHEN c.private THEN i.private_place ELSE i.place END,
                i.context
         FROM i JOIN c ON c.id = i.code_id
         ON CONFLICT DO NOTHING
         RETURNING scan_id
       )
       SELECT id::text AS id, owner_id::text AS owner,
              EXISTS (SELECT 1 FROM qr.webhook_endpoints e WHERE e.owner_id = c.owner_id AND e.enabled AND 'scan.created' = ANY(e.events)) AS hooked,
              c.private, c.hourly
       FROM c
       UNION ALL
       SELECT i.scan_id::text, NULL, false, false, false FROM i WHERE NOT EXISTS (SELECT 1 FROM ins WHERE ins.scan_id = i.scan_id)`,
      [plainArray(codeIds), ...raw.plain, ...ids],
    );
    const owners = new Map<string, string>();
    const skipped = new Set<string>();
    const hooked = new Set<string>();
    const privateCodes = new Set<string>();
    const hourly = new Set<string>();
    for (const row of rows) {
      if (row.owner === null) skipped.add(row.id);
      else owners.set(row.id, row.owner);
      if (row.hourly) hourly.add(row.id);
      if (row.hooked) hooked.add(row.owner as string);
      if (row.private) privateCodes.add(row.id);
    }
    if (this.owners.size + owners.size > OWNER_MEMO_SIZE) {
      this.owners.clear();
      this.hourly.clear();
    }
    for (const [code, owner] of owners) this.owners.set(code, owner);
    this.hourly.learn(owners.keys(), hourly);
    const fresh: OwnedScan[] = [];
    let stripped = false;
    for (const scan of batch) {
      const ownerId = owners.get(scan.codeId);
      if (ownerId === undefined || skipped.has(scan.scanId)) continue;
      (scan as OwnedScan).ownerId = ownerId;
      // As stored: the rollups, the live feed and webhooks never see what the raw row does not keep.
      if (privateCodes.has(scan.codeId) && scan.country !== null && EEA.has(scan.country) && (scan.region !== null || scan.city !== null)) {
        scan.region = null;
        scan.city = null;
        stripped = true;
      }
      fresh.push(scan as OwnedScan);
    }
    return { fresh, hooked, stripped, hourly };
  }

  /**
   * Unique scanners: each visitor (day-salted hash) counts once a day per code and per owner, at
   * their first scan of the day (once an hour per code counting per hour). New visitors are inserted; for known ones an earlier scan that
   * arrived late moves the count to its bucket.
   */
  private async firstVisits(tx: EntityManager, list: VisitorKey[]): Promise<UniqueDelta[]> {
    if (list.length === 0) return [];
    // Only the keys that were already there come back (their ordinal): usually few. Inserted in
    // key order, so two ingestors inserting the same visitors wait on each other instead of deadlocking.
    const known: { n: number }[] = await tx.query(
      `WITH i AS MATERIALIZED (
         SELECT day, scope_id, visitor_hash, to_timestamp(first_ms / 1000) AS first_at, code_id, n
         FROM unnest($1::date[], $2::uuid[], $3::text[], $4::float8[], $5::uuid[]) WITH ORDINALITY
           AS i(day, scope_id, visitor_hash, first_ms, code_id, n)
       ), ins AS (
         INSERT INTO qr.rollup_visitors (day, scope_id, visitor_hash, first_at, code_id)
         SELECT day, scope_id, visitor_hash, first_at, code_id FROM i ORDER BY day, scope_id, visitor_hash COLLATE "C"
         ON CONFLICT DO NOTHING
         RETURNING day, scope_id, visitor_hash
       )
       SELECT i.n::int AS n FROM i
       WHERE NOT EXISTS (SELECT 1 FROM ins WHERE ins.day = i.day AND ins.scope_id = i.scope_id AND ins.visitor_hash = i.visitor_hash)`,
      [
        plainArray(list.map((k) => k.day)),
        plainArray(list.map((k) => k.scopeId)),
        textArray(list.map((k) => k.hash)),
        plainArray(list.map((k) => k.at)),
        plainArray(list.map((k) => (k.scope === 'owner' ? k.codeId : null))),
      ],
    );
    const isKnown = new Uint8Array(list.length);
    for (const { n } of known) isKnown[n - 1] = 1;
    const deltas: UniqueDelta[] = [];
    const seen: VisitorKey[] = [];
    for (let i = 0; i < list.length; i++) {
      const key = list[i];
      if (isKnown[i]) seen.push(key);
      else deltas.push({ scope: key.scope, scopeId: key.scopeId, codeId: key.codeId, bucket: quarterHourOf(key.at), delta: 1 });
    }
    if (seen.length === 0) return deltas;
    // Known visitors: only an earlier first scan changes anything (rare: scans arriving out of order).
    const moved: { scope_id: string; old_at: Date; old_code: string | null; new_at: Date; new_code: string | null }[] = await tx.query(
      `WITH input AS (
         SELECT day, scope_id, visitor_hash, to_timestamp(first_ms / 1000) AS first_at, code_id
         FROM unnest($1::date[], $2::uuid[], $3::text[], $4::float8[], $5::uuid[]) AS i(day, scope_id, visitor_hash, first_ms, code_id)
       ), old AS (
         SELECT v.day, v.scope_id, v.visitor_hash, v.first_at AS old_at, v.code_id AS old_code, i.first_at AS new_at, i.code_id AS new_code
         FROM qr.rollup_visitors v JOIN input i USING (day, scope_id, visitor_hash)
         WHERE i.first_at < v.first_at
         ORDER BY v.day, v.scope_id, v.visitor_hash
         FOR UPDATE OF v
       ), upd AS (
         UPDATE qr.rollup_visitors v SET first_at = o.new_at, code_id = o.new_code FROM old o
         WHERE v.day = o.day AND v.scope_id = o.scope_id AND v.visitor_hash = o.visitor_hash
       )
       SELECT scope_id, old_at, old_code, new_at, new_code FROM old`,
      [
        plainArray(seen.map((k) => k.day)),
        plainArray(seen.map((k) => k.scopeId)),
        textArray(seen.map((k) => k.hash)),
        plainArray(seen.map((k) => k.at)),
        plainArray(seen.map((k) => (k.scope === 'owner' ? k.codeId : null))),
      ],
    );
    for (const row of moved) {
      const owner = row.new_code !== null;
      const scope = owner ? 'owner' : 'code';
      deltas.push({ scope, scopeId: row.scope_id, codeId: row.old_code ?? row.scope_id, bucket: quarterHourOf(row.old_at.getTime()), delta: -1 });
      deltas.push({ scope, scopeId: row.scope_id, codeId: row.new_code ?? row.scope_id, bucket: quarterHourOf(row.new_at.getTime()), delta: 1 });
    }
    return deltas;
  }

  /**
   * The batch's totals (per quarter hour and per hour), all-time counters, dimension counts and
   * Recent Activity's scans per code and hour in one statement. The dimension counts are inserted as additions to fold later: inserting small
   * rows costs far less than reading, merging and rewriting the large per-day and per-month
   * documents in every batch, and takes no lock another ingestor could wait on. They travel as
   * one JSON array (as a jsonb[] literal every document would be escaped twice).
   */
  private async writeRollup(tx: EntityManager, rollup: BatchRollup): Promise<void> {
    const { buckets, hours, dims, stats, activity } = rollup;
    const totals = (rows: BucketRow[], from: number) => [
      plainArray(rows.map((r) => r.scopeId)),
      plainArray(rows.map((r) => iso(r.bucket))),
      plainArray(rows.map((r) => r.scans)),
      plainArray(rows.map((r) => r.botScans)),
      plainArray(rows.map((r) => r.uniques)),
      plainArray(rows.map((r) => r.ownerUniques)),
    ].map((value, n) => [`$${from + n}`, value] as const);
    const upsert = (table: string, column: string, params: (readonly [string, string])[]) =>
      `INSERT INTO qr.${table} AS b (scope_id, ${column}, scans, bot_scans, uniques, owner_uniques)
       SELECT * FROM unnest(${params[0][0]}::uuid[], ${params[1][0]}::timestamptz[], ${params[2][0]}::int[], ${params[3][0]}::int[], ${params[4][0]}::int[], ${params[5][0]}::int[])
       ON CONFLICT (scope_id, ${column}) DO UPDATE SET
         scans = b.scans + EXCLUDED.scans, bot_scans = b.bot_scans + EXCLUDED.bot_scans,
         uniques = b.uniques + EXCLUDED.uniques, owner_uniques = b.owner_uniques + EXCLUDED.owner_uniques`;
    const quarter = totals(buckets, 1);
    const hourly = totals(hours, 7);
    const dimJson: unknown[] = [];
    for (const r of dims) dimJson.push([r.scopeId, r.level, iso(r.bucket), r.counts]);
    // Data-modifying CTEs on different tables: each runs once, to completion.
    await tx.query(
      `WITH q AS (${upsert('rollup_buckets', 'bucket', quarter)}),
            h AS (${upsert('rollup_hours', 'hour', hourly)}),
            d AS (
              INSERT INTO qr.rollup_dim_deltas (scope_id, level, bucket, counts)
              SELECT (e->>0)::uuid, (e->>1)::"char", (e->>2)::timestamptz, e->3 FROM jsonb_array_elements($13::jsonb) e
            ),
            a AS (
              INSERT INTO qr.scan_activity AS sa (code_id, owner_id, hour, scans, last_scan_at)
              SELECT * FROM unnest($19::uuid[], $20::uuid[], $21::timestamptz[], $22::int[], $23::timestamptz[])
              ON CONFLICT (code_id, hour) DO UPDATE SET
                scans = sa.scans + EXCLUDED.scans, last_scan_at = GREATEST(sa.last_scan_at, EXCLUDED.last_scan_at)
            )
       INSERT INTO qr.code_stats AS cs (code_id, owner_id, scans, bot_scans, last_scan_at)
       SELECT * FROM unnest($14::uuid[], $15::uuid[], $16::bigint[], $17::bigint[], $18::timestamptz[])
       ON CONFLICT (code_id) DO UPDATE SET
         scans = cs.scans + EXCLUDED.scans,
         bot_scans = cs.bot_scans + EXCLUDED.bot_scans,
         last_scan_at = GREATEST(cs.last_scan_at, EXCLUDED.last_scan_at)`,
      [
        ...quarter.map(([, value]) => value),
        ...hourly.map(([, value]) => value),
        JSON.stringify(dimJson),
        plainArray(stats.map((r) => r.codeId)),
        plainArray(stats.map((r) => r.ownerId)),
        plainArray(stats.map((r) => r.scans)),
        plainArray(stats.map((r) => r.botScans)),
        plainArray(stats.map((r) => (r.lastScanAt === null ? null : iso(r.lastScanAt)))),
        plainArray(activity.map((r) => r.codeId)),
        plainArray(activity.map((r) => r.ownerId)),
        plainArray(activity.map((r) => iso(r.hour))),
        plainArray(activity.map((r) => r.scans)),
        plainArray(activity.map((r) => iso(r.lastScanAt))),
      ],
    );
  }

  /** Visitors of days that can no longer receive scans (the day's salt is gone). */
  async forgetVisitorsBefore(day: string): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(`DELETE FROM qr.rollup_visitors WHERE day < $1`, [day]);
    return count;
  }
}
