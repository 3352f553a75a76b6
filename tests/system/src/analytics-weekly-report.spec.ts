import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, ScanStreamEntry } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, waitFor } from '@qrd/testing';
import { WeeklyReportsService } from '../../../apps/auth-service/src/weekly-report/weekly-reports.service';
import { TestSystem } from './harness';
import { settled } from './settled';
import { createCode, Customer, storedScans, subscribedCustomer } from './qr-fixtures';

const HUMAN_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DAY = 24 * 3600 * 1000;

/** Monday 00:00 UTC of the week an instant is in (what the test expects the report to cover). */
function mondayOf(ms: number): number {
  const date = new Date(ms);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - sinceMonday * DAY;
}

describe('analytics: the weekly report by mail', () => {
  let system: TestSystem;
  let sink: SmtpSink;
  let alice: Customer;
  let bob: Customer;
  let carol: Customer;
  const now = Date.now();
  const thisWeek = mondayOf(now);
  /** The first run after the week the scans are in: next Monday, half past midnight. */
  const runAt = new Date(thisWeek + 7 * DAY + 30 * 60_000);
  /** Monday 00:00 in Asia/Kolkata (UTC+5:30 all year) of the week now is in there: a Sunday, 18:30 UTC. */
  const KOLKATA = 5.5 * 3600_000;
  const kolkataWeek = mondayOf(now + KOLKATA) - KOLKATA;
  const reports = () => system.apps.get('auth')!.get(WeeklyReportsService);

  function reportsTo(email: string): string[] {
    return sink
      .mailsTo(email)
      .map((m) => decodeQuotedPrintable(m.raw))
      .filter((raw) => /Subject: Your QR codes this week/.test(raw));
  }

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({ env: { SMTP_URL: sink.url } });
    alice = await subscribedCustomer(system);
    bob = await subscribedCustomer(system);
    carol = await subscribedCustomer(system);
    const menu = await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const poster = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' }, { buySeat: true });
    const bobs = await createCode(bob.client, { name: 'Bob code', destinationUrl: 'https://example.com/bob' });
    const carols = await createCode(carol.client, { name: 'Carol code', destinationUrl: 'https://example.com/carol' });

    // This week: Menu 5, Poster 3. The week before: Menu 2, Poster 4 (each scan from its own address).
    const plan: [{ id: string; slug: string }, number, number][] = [
      [menu, 5, 2],
      [poster, 3, 4],
      [bobs, 2, 0],
    ];
    const entries: ScanStreamEntry[] = [];
    let n = 0;
    for (const [code, current, previous] of plan) {
      const at = (start: number, span: number, k: number, of: number) => Math.floor(start + ((k + 0.5) / of) * span);
      for (let k = 0; k < current; k++) entries.push(entry(code, at(thisWeek, now - thisWeek, k, current), n++));
      for (let k = 0; k < previous; k++) entries.push(entry(code, at(thisWeek - 7 * DAY, 7 * DAY, k, previous), n++));
    }
    // Carol's week runs in Asia/Kolkata: a minute either side of its Monday midnight (both in the
    // same UTC week) fall in different weeks of hers. Hers: 2 this week, 2 the week before.
    for (const ts of [kolkataWeek - 3 * DAY, kolkataWeek - 60_000, Math.min(kolkataWeek + 60_000, now), Math.floor((kolkataWeek + now) / 2)]) {
      entries.push(entry(carols, ts, n++));
    }
    const redis = new IORedis(system.config.redisUrl);
    for (const e of entries) await redis.xadd(scanStreamKey(system.config.redisPrefix), '*', SCAN_FIELD, encodeScanEntry(e));
    redis.disconnect();
    await waitFor(async () => {
      let stored = 0;
      for (const code of [...plan.map(([c]) => c), carols]) stored += (await storedScans(system, code.id)).length;
      expect(stored).toBe(entries.length);
    }, 30_000);
  });
  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  function entry(code: { id: string; slug: string }, ts: number, n: number): ScanStreamEntry {
    return {
      id: randomUUID(),
      codeId: code.id,
      slug: code.slug,
      ts,
      ip: `198.51.100.${n + 1}`,
      userAgent: HUMAN_UA,
      referer: '',
      acceptLanguage: 'en',
      country: '',
      method: 'GET',
      purpose: '',
    };
  }

  it('is off until the account turns it on, and refuses a setting that is not true or false, or a zone that does not exist', async () => {
    expect((await alice.client.get('/api/weekly-report')).json).toEqual({ enabled: false, timeZone: 'UTC' });
    const bad = await alice.client.put('/api/weekly-report', { enabled: 'yes' });
    expect([bad.status, bad.json.message]).toEqual([400, 'enabled must be true or false']);
    for (const timeZone of ['Mars/Olympus_Mons', 42, '']) {
      const unknown = await alice.client.put('/api/weekly-report', { enabled: true, timeZone });
      expect([unknown.status, unknown.json.message]).toEqual([400, 'Choose a known time zone, such as Europe/Berlin']);
    }
    expect((await alice.client.get('/api/weekly-report')).json).toEqual({ enabled: false, timeZone: 'UTC' });

    const on = await alice.client.put('/api/weekly-report', { enabled: true });
    expect([on.status, on.json]).toEqual([200, { enabled: true, timeZone: 'UTC' }]);
    expect((await alice.client.get('/api/weekly-report')).json).toEqual({ enabled: true, timeZone: 'UTC' });
  });

  it("mails the week's totals, the change on the week before and the top codes, once however many runs", async () => {
    // Two replicas' runs at once, then a restarted one: one report.
    const sent = await Promise.all([reports().sendDue(runAt), reports().sendDue(runAt)]);
    expect(sent[0] + sent[1]).toBe(1);
    expect(await reports().sendDue(new Date(runAt.getTime() + 3600_000))).toBe(0);

    const mail = await waitFor(() => {
      const [found] = reportsTo(alice.user.email);
      if (!found) throw new Error('no weekly report yet');
      return found;
    }, 15_000);
    // 8 scans this week, 6 the week before: +33.3%.
    expect(mail).toContain('Subject: Your QR codes this week: 8 scans');
    expect(mail).toContain('Scans: 8 (+33.3% on the week before; 6 the week before)');
    expect(mail).toContain('Unique scanners: 8');
    expect(mail).toContain('1. Menu: 5 scans (+150% on the week before)');
    expect(mail).toContain('2. Poster: 3 scans (-25% on the week before)');
    expect(mail).not.toContain('Bob code');
    await settled(system);
    expect(reportsTo(alice.user.email)).toHaveLength(1);
    // Bob never turned it on.
    expect(reportsTo(bob.user.email)).toHaveLength(0);
  });

  it('stops with the link in the mail, without signing in, and no report follows', async () => {
    const mail = reportsTo(alice.user.email)[0];
    const link = /To stop it: (\S+)/.exec(mail)?.[1] ?? '';
    const token = new URL(link).searchParams.get('token') ?? '';
    expect(new URL(link).pathname).toBe('/unsubscribe');

    const stranger = system.client();
    const forged = await stranger.post('/api/weekly-report/unsubscribe', { token: `${token.split('.')[0]}.forged` });
    expect([forged.status, forged.json.message]).toEqual([400, 'This unsubscribe link is not valid']);
    expect((await alice.client.get('/api/weekly-report')).json).toEqual({ enabled: true, timeZone: 'UTC' });

    const res = await stranger.post('/api/weekly-report/unsubscribe', { token });
    expect([res.status, res.json]).toEqual([200, { enabled: false, timeZone: 'UTC' }]);
    expect((await alice.client.get('/api/weekly-report')).json).toEqual({ enabled: false, timeZone: 'UTC' });

    expect(await reports().sendDue(new Date(runAt.getTime() + 7 * DAY))).toBe(0);
    await settled(system);
    expect(reportsTo(alice.user.email)).toHaveLength(1);
  });

  it("reports the account's own week, Monday to Sunday in its time zone, once that week has ended there", async () => {
    const on = await carol.client.put('/api/weekly-report', { enabled: true, timeZone: 'Asia/Kolkata' });
    expect([on.status, on.json]).toEqual([200, { enabled: true, timeZone: 'Asia/Kolkata' }]);

    // Half an hour before her Monday: her week is not over.
    expect(await reports().sendDue(new Date(kolkataWeek + 7 * DAY - 30 * 60_000))).toBe(0);
    expect(await reports().sendDue(new Date(kolkataWeek + 7 * DAY + 30 * 60_000))).toBe(1);
    const mail = await waitFor(() => {
      const [found] = reportsTo(carol.user.email);
      if (!found) throw new Error('no weekly report yet');
      return found;
    }, 15_000);
    const day = (ms: number) => new Date(ms).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    // Her Monday 00:00 is 18:30 UTC on the Sunday before: its date is the next day's.
    expect(mail).toContain(`Your QR codes from ${day(kolkataWeek + DAY)} - ${day(kolkataWeek + 7 * DAY)} (Asia/Kolkata)`);
    expect(mail).toContain('Scans: 2 (same as the week before; 2 the week before)');
    expect(mail).toContain('1. Carol code: 2 scans (same as the week before)');
    // Her next run, a UTC Monday later, finds nothing more to send.
    expect(await reports().sendDue(new Date(kolkataWeek + 8 * DAY))).toBe(0);
  });
});
