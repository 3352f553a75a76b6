import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { buyCode, Customer, promoteToAdmin, signUp } from './customers';
import { checkCustomerSettled, redirectOf, settle, storedScans } from './checks';
import { CustomerLoad, RedirectLoad, WriteCounts } from './load';
import { sleep } from './ports';
import { FaultSystem, OUTPUT_DIR, SERVICE_NAMES } from './system';

/** What one fault did to the traffic, for RELIABILITY.md. */
export interface Figures {
  fault: string;
  /** From the injection until every service answered ready again. */
  faultSeconds: number;
  redirectsServed: number;
  redirectErrors: number;
  writesAcknowledged: number;
  writesFailed: number;
  /** From the first failed request (a scan or a write) to the last, during the fault; 0 if none failed. */
  failureWindowSeconds: number;
  /** From the restart until every service answered ready. */
  recoverSeconds: number;
  scansSent: number;
  scansStored: number;
}

const SCAN_CODES = 8;
const CUSTOMERS = 3;

/**
 * Steady load on a running system (scans of known codes; customers buying, creating, editing and
 * deleting) and the checks after each fault: every acknowledged write is there, every scan counted
 * once, seats = the seats paid and cover the codes held, the redirect table agrees with PostgreSQL
 * (so no deleted or suspended code redirects) and every service is ready.
 */
export class FaultRun {
  readonly figures: Figures[] = [];
  /**
   * Scans lost in an earlier fault (only a Redis kill -9 may lose any: see RELIABILITY.md). Later
   * faults are checked against what was sent less these, so one loss is counted once, where it happened.
   */
  private scansLostSoFar = 0;

  private constructor(
    private readonly system: FaultSystem,
    private readonly db: Pool,
    readonly scanCodes: { id: string; slug: string; destinationUrl: string }[],
    private readonly suspendedSlugs: string[],
    readonly customers: CustomerLoad[],
    readonly redirects: RedirectLoad,
  ) {}

  /** The accounts the load needs: a scanner's codes, a suspended owner's, an admin, the customers. */
  static async prepare(system: FaultSystem, db: Pool): Promise<FaultRun> {
    const scanner = await signUp(system.baseUrl);
    const scanCodes: { id: string; slug: string; destinationUrl: string }[] = [];
    for (let n = 0; n < SCAN_CODES; n += 1) {
      const code = await buyCode(scanner, `https://example.com/poster/${n}`);
      scanCodes.push({ id: code.id, slug: code.slug, destinationUrl: code.destinationUrl });
    }
    // An owner suspended by an admin: their codes must never redirect again, whatever fails.
    const suspended = await signUp(system.baseUrl);
    const suspendedSlugs = [(await buyCode(suspended, 'https://example.com/gone/1')).slug, (await buyCode(suspended, 'https://example.com/gone/2')).slug];
    const admin = await signUp(system.baseUrl);
    await promoteToAdmin(db, admin);
    const res = await admin.client.post(`/api/admin/users/${suspended.userId}/status`, { status: 'suspended' });
    if (res.status !== 200 && res.status !== 201) throw new Error(`suspending answered ${res.status}: ${res.text}`);

    const people: Customer[] = [];
    for (let n = 0; n < CUSTOMERS; n += 1) people.push(await signUp(system.baseUrl));
    const customers = people.map((c) => new CustomerLoad(c.client, c.userId, c.signIn));
    return new FaultRun(system, db, scanCodes, suspendedSlugs, customers, new RedirectLoad(system.baseUrl, scanCodes));
  }

  async stop(): Promise<void> {
    await this.redirects.stop();
    await Promise.all(this.customers.map((c) => c.stop()));
  }

  /** The figures as a JSON file and a Markdown table (RELIABILITY.md's), named `name`. */
  report(name: string): void {
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, `${name}.json`), JSON.stringify(this.figures, null, 2));
    if (this.figures.length === 0) return;
    const lines = this.figures.map(
      (f) =>
        `| ${f.fault} | ${f.faultSeconds.toFixed(1)} | ${f.redirectsServed} | ${f.redirectErrors} | ${f.writesAcknowledged} | ${f.writesFailed} | ${f.failureWindowSeconds.toFixed(1)} | ${f.recoverSeconds.toFixed(1)} | ${f.scansSent} | ${f.scansStored} |`,
    );
    process.stdout.write(
      [
        '',
        '| fault | fault s | redirects served during it | redirect errors | writes acknowledged | writes failed | failures from first to last, s | recovery s | scans sent (total) | scans stored (total) |',
        '|---|---|---|---|---|---|---|---|---|---|',
        ...lines,
        '',
      ].join('\n'),
    );
  }

  private writeCounts(): WriteCounts {
    return this.customers.reduce((sum, c) => ({ acknowledged: sum.acknowledged + c.counts.acknowledged, refused: sum.refused + c.counts.refused, failed: sum.failed + c.counts.failed }), {
      acknowledged: 0,
      refused: 0,
      failed: 0,
    });
  }

  /** When requests failed between `from` and `to`: [first, last], or null if none did. */
  private failuresBetween(from: number, to: number): [number, number] | null {
    const times = [...this.redirects.failedAt, ...this.customers.flatMap((c) => c.failedAt)].filter((at) => at >= from && at <= to);
    return times.length ? [Math.min(...times), Math.max(...times)] : null;
  }

  /**
   * Load for a few seconds, the fault (which returns once the failed part has been started again),
   * a few more seconds of load, then the checks. Returns what the traffic saw.
   */
  async underFault(
    fault: string,
    inject: () => Promise<number>,
    { writes = true, lostAtMost = 0 }: { writes?: boolean; lostAtMost?: number } = {},
  ): Promise<Figures> {
    const { system, db, redirects, customers } = this;
    redirects.start();
    if (writes) customers.forEach((c) => c.start());
    await sleep(3000);

    const redirectsBefore = redirects.snapshot();
    const writesBefore = this.writeCounts();
    const started = Date.now();
    const restartedAt = await inject();
    await system.waitAllReady();
    const faultMs = Date.now() - started;
    const redirectsDuring = redirects.snapshot();
    const writesDuring = this.writeCounts();

    await sleep(3000);
    await this.stop();
    const failures = this.failuresBetween(started, Date.now());

    const problems: string[] = [];
    for (const customer of customers) problems.push(...(await checkCustomerSettled(db, system.baseUrl, customer)));
    for (const slug of this.suspendedSlugs) {
      const answer = await redirectOf(system.baseUrl, slug);
      if (answer.status === 302) problems.push(`code ${slug} of a suspended owner redirects`);
    }
    // Every scan answered with its redirect is stored once. A request that got no redirect (timed
    // out, or the redirect-service died between appending its scan and answering) may have been
    // stored too: running totals, so stored may exceed sent by at most those.
    const sent = redirects.counts.redirected;
    const unanswered = redirects.counts.errors + redirects.counts.timedOut;
    const read = () => storedScans(db, this.scanCodes.map((c) => c.id));
    const expected = sent - this.scansLostSoFar;
    let stored = await settle(read, expected - lostAtMost, 60_000);
    if (lostAtMost > 0 && stored < expected) stored = await settle(read, expected, 5_000);
    const lost = expected - stored;
    if (lost > lostAtMost) problems.push(`${sent} scans redirected, ${stored} stored${this.scansLostSoFar ? ` (${this.scansLostSoFar} lost in an earlier fault)` : ''}`);
    else if (lost > 0) this.scansLostSoFar += lost;
    if (stored > sent + unanswered) problems.push(`${sent} scans redirected (${unanswered} unanswered), ${stored} stored: some twice`);
    for (const name of SERVICE_NAMES) if (!(await system.ready(name))) problems.push(`${name} is not ready`);

    const result: Figures = {
      fault,
      faultSeconds: faultMs / 1000,
      redirectsServed: redirectsDuring.redirected - redirectsBefore.redirected,
      redirectErrors: redirectsDuring.errors + redirectsDuring.timedOut - redirectsBefore.errors - redirectsBefore.timedOut,
      writesAcknowledged: writesDuring.acknowledged - writesBefore.acknowledged,
      writesFailed: writesDuring.failed - writesBefore.failed,
      failureWindowSeconds: failures ? (failures[1] - failures[0]) / 1000 : 0,
      recoverSeconds: Math.max(0, started + faultMs - restartedAt) / 1000,
      scansSent: sent,
      scansStored: stored,
    };
    this.figures.push(result);
    process.stdout.write(`[faults] ${JSON.stringify(result)}${problems.length ? `\n[faults] problems: ${problems.slice(0, 10).join('; ')}` : ''}\n`);
    expect(problems).toEqual([]);
    return result;
  }
}
