import { Injectable, Optional } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { EEA_COUNTRIES, scanWebhookRecord } from '@qrd/contracts';
import type { EnrichedScan } from './scan-enricher';
import { ensurePartitions, Month, monthOf } from './scan-partitions';
import { VISITOR_LOCK } from './rollup-removal';
import { CityPlace, CityPlaces } from './city-places';
import { HourlyCodes, sameCodes } from './hourly-codes';
import { KnownVisitors, VisitorKey } from './known-visitors';
import { plainArray } from './pg-arrays';
import { RawColumns, rawColumns, visitorKeys } from './scan-rows';
import { ScanTerms } from './scan-terms';
import { finishRollUp, OwnedScan, ScanTally, tallyScans } from './scan-rollups';
import { firstVisits, writeRollup } from './rollup-statements';

/** The countries of the EU privacy mode. */
const EEA = new Set<string>(EEA_COUNTRIES);

/** Codes whose owner a process remembers. */
const OWNER_MEMO_SIZE = 100_000;


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
        const uniques = await firstVisits(tx, keys);
        await writeRollup(tx, finishRollUp(tally, uniques));
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

  /** Visitors of days that can no longer receive scans (the day's salt is gone). */
  async forgetVisitorsBefore(day: string): Promise<number> {
    const [, count]: [unknown, number] = await this.db.query(`DELETE FROM qr.rollup_visitors WHERE day < $1`, [day]);
    return count;
  }
}
