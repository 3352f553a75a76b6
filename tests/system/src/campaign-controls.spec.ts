import { waitFor } from '@qrd/testing';
import { RedirectRoute } from '../../../apps/redirect-service/src/redirects/redirect.route';
import { FrontDoor, frontDoorRequest, requestsPerReplica, startFrontDoor } from './front-door';
import { TestSystem } from './harness';
import { createCode, Customer, scansIngested, subscribedCustomer } from './qr-fixtures';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOUR = 3_600_000;

const REPLICAS = ['redirect', 'redirect2'];

/** Scans go through nginx (nginx/nginx.conf) to two redirect-service replicas, as in production. */
describe('campaign controls: created through the gateway, scanned through nginx, resolved by the redirect-service', () => {
  let system: TestSystem;
  let frontDoor: FrontDoor;
  let alice: Customer;
  let codes = 0;

  beforeAll(async () => {
    system = await TestSystem.start({ env: { TRUSTED_COUNTRY_HEADER: 'cf-ipcountry' } });
    await system.startService('redirect', 'redirect2');
    frontDoor = await startFrontDoor(system, REPLICAS);
    alice = await subscribedCustomer(system);
  });
  afterEach(() => setClock(null));
  afterAll(async () => {
    await frontDoor?.stop();
    await system?.stop();
  });

  /** The redirect-service replicas' clock (null: the real one); `only` sets one replica's. */
  function setClock(at: number | null, only?: string): void {
    for (const key of only ? [only] : REPLICAS) {
      const app = system.apps.get(key);
      if (app) app.get(RedirectRoute).clock = at === null ? Date.now : () => at;
    }
  }

  const scan = (slug: string, options: { method?: string; headers?: Record<string, string>; from?: string; path?: string } = {}) =>
    frontDoorRequest(frontDoor.baseUrl, `/r/${slug}${options.path ?? ''}`, {
      method: options.method,
      from: options.from,
      headers: { 'user-agent': IPHONE, ...options.headers },
    });

  async function newCode(destinationUrl: string, campaign?: object) {
    const code = await createCode(alice.client, { name: `Campaign ${++codes}`, destinationUrl, ...(campaign ? { campaign } : {}) } as never, {
      buySeat: codes > 1,
    });
    return code;
  }

  const location = async (slug: string, headers: Record<string, string> = {}, path = '', from?: string) => {
    const res = await scan(slug, { headers, path, from });
    return res.status === 302 ? res.location : `${res.status}`;
  };

  it('passes the scanner\'s query on, merged (the scanner wins), until the owner turns it off', async () => {
    const code = await newCode('https://example.com/menu?table=4&lang=en');

    expect(await location(code.slug, {}, '?lang=de&utm_source=flyer')).toBe('https://example.com/menu?table=4&lang=de&utm_source=flyer');
    expect(await location(code.slug)).toBe('https://example.com/menu?table=4&lang=en');

    const off = await alice.client.patch(`/api/qrcodes/${code.id}`, { campaign: { passQuery: false } });
    expect(off.status).toBe(200);
    await waitFor(async () => expect(await location(code.slug, {}, '?utm_source=flyer')).toBe('https://example.com/menu?table=4&lang=en'), 1000, 20);
  });

  it('switches a scheduled destination at the same instant on two replicas, and keeps the past switch in the code', async () => {
    const at = Date.now() + HOUR;
    const code = await newCode('https://example.com/now', { schedule: [{ at: new Date(at).toISOString(), destination: 'https://example.com/later' }] });
    const scanMany = async () => {
      const seen = new Set<string | null>();
      for (let i = 0; i < 12; i++) seen.add(await location(code.slug));
      return [...seen].sort();
    };

    setClock(at - 1);
    const before = await requestsPerReplica(system, REPLICAS, async () => expect(await scanMany()).toEqual(['https://example.com/now']));
    setClock(at);
    const after = await requestsPerReplica(system, REPLICAS, async () => expect(await scanMany()).toEqual(['https://example.com/later']));
    // nginx balanced the scans over both replicas, so both switched at that instant.
    for (const counts of [before, after]) for (const key of REPLICAS) expect(counts[key]).toBeGreaterThan(0);

    // Each replica decides by its own clock: one a millisecond short of the switch still sends scans to the old destination.
    setClock(at - 1, 'redirect2');
    expect(await scanMany()).toEqual(['https://example.com/later', 'https://example.com/now']);

    const view = (await alice.client.get(`/api/qrcodes/${code.id}`)).json;
    expect(view.campaign.schedule).toEqual([{ at: new Date(at).toISOString(), destination: 'https://example.com/later' }]);
  });

  it('expires at its end date: the expired page, or the fallback URL when there is one', async () => {
    const end = Date.now() + HOUR;
    const plain = await newCode('https://example.com/offer', { expiresAt: new Date(end).toISOString() });
    const withFallback = await newCode('https://example.com/offer', { expiresAt: new Date(end).toISOString(), fallbackUrl: 'https://example.com/ended' });

    expect(await location(plain.slug)).toBe('https://example.com/offer');
    setClock(end);
    const res = await scan(plain.slug);
    expect(res.status).toBe(410);
    expect(res.body).toContain('This QR code has expired');
    expect(await location(withFallback.slug, {}, '?utm_source=x')).toBe('https://example.com/ended');
  });

  it('routes by OS, country and language, first match wins, the query passed to the rule that won', async () => {
    const code = await newCode('https://example.com/web', {
      rules: [
        { os: ['ios'], destination: 'https://apps.apple.com/app/id1' },
        { os: ['android'], destination: 'https://play.google.com/store/apps/details?id=x' },
        { country: ['FR'], destination: 'https://example.fr/' },
        { language: ['de'], destination: 'https://example.de/' },
      ],
    });

    expect(await location(code.slug, { 'user-agent': IPHONE, 'cf-ipcountry': 'FR' }, '?utm_source=poster')).toBe(
      'https://apps.apple.com/app/id1?utm_source=poster',
    );
    expect(await location(code.slug, { 'user-agent': ANDROID })).toBe('https://play.google.com/store/apps/details?id=x');
    expect(await location(code.slug, { 'user-agent': WINDOWS, 'cf-ipcountry': 'FR' })).toBe('https://example.fr/');
    expect(await location(code.slug, { 'user-agent': WINDOWS, 'accept-language': 'de-AT,de;q=0.9' })).toBe('https://example.de/');
    expect(await location(code.slug, { 'user-agent': WINDOWS, 'accept-language': 'en-US' })).toBe('https://example.com/web');
  });

  it('routes by time of day in a zone (injected clock)', async () => {
    const code = await newCode('https://example.com/day', {
      rules: [{ time: { zone: 'Europe/Berlin', from: '22:00', to: '06:00' }, destination: 'https://example.com/night' }],
    });
    setClock(Date.parse('2026-06-10T21:30:00Z')); // 23:30 in Berlin
    expect(await location(code.slug)).toBe('https://example.com/night');
    setClock(Date.parse('2026-06-10T10:00:00Z'));
    expect(await location(code.slug)).toBe('https://example.com/day');
  });

  it('splits A/B by weight, keeps a scanner on their variant, and shows scans per variant', async () => {
    const code = await newCode('https://example.com/ab', {
      split: [
        { name: 'A', destination: 'https://example.com/a', weight: 1 },
        { name: 'B', destination: 'https://example.com/b', weight: 1 },
      ],
    });
    const seen: Record<string, number> = {};
    for (let i = 0; i < 40; i++) {
      const from = `127.0.113.${i + 1}`;
      const first = (await location(code.slug, {}, '', from)) as string;
      expect(await location(code.slug, {}, '', from)).toBe(first);
      seen[first] = (seen[first] ?? 0) + 2;
    }
    expect(Object.keys(seen).sort()).toEqual(['https://example.com/a', 'https://example.com/b']);

    await scansIngested(system);
    const analytics = await waitFor(async () => {
      const res = await alice.client.get(`/api/qrcodes/${code.id}/analytics`);
      expect(res.json.variants?.length).toBe(2);
      return res.json;
    });
    const byName = Object.fromEntries(analytics.variants.map((v: { key: string }) => [v.key, v]));
    // No conversions were reported: each variant shows none beside its scans.
    const none = { leads: 0, sales: 0, revenue: [] };
    expect(byName.A).toEqual({ key: 'A', scans: seen['https://example.com/a'], uniqueScans: seen['https://example.com/a'] / 2, ...none });
    expect(byName.B).toEqual({ key: 'B', scans: seen['https://example.com/b'], uniqueScans: seen['https://example.com/b'] / 2, ...none });
  });

  it('lets exactly N of 200 concurrent scans through across two replicas; bots do not use the limit up', async () => {
    const limit = 37;
    const code = await newCode('https://example.com/limited', { scanLimit: limit });
    // A link preview and a HEAD request: redirected, not counted.
    expect(await location(code.slug, { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' })).toBe('https://example.com/limited');
    expect((await scan(code.slug, { method: 'HEAD' })).status).toBe(302);
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.remainingScans).toBe(limit);

    let statuses: number[] = [];
    const served = await requestsPerReplica(system, REPLICAS, async () => {
      const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => scan(code.slug, { from: `127.0.100.${(i % 250) + 1}` })));
      statuses = answers.map((res) => res.status);
    });
    expect(served.redirect + served.redirect2).toBe(200);
    expect(served.redirect).toBeGreaterThan(0);
    expect(served.redirect2).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 302)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 410)).toHaveLength(200 - limit);
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.remainingScans).toBe(0);
  });

  it('takes a change of the controls to the redirect within a second (the version is raised)', async () => {
    const code = await newCode('https://example.com/base');
    expect(await location(code.slug, { 'user-agent': IPHONE })).toBe('https://example.com/base');
    const changed = await alice.client.patch(`/api/qrcodes/${code.id}`, { campaign: { rules: [{ os: ['ios'], destination: 'https://apps.apple.com/app/id2' }] } });
    expect(changed.status).toBe(200);
    await waitFor(async () => expect(await location(code.slug, { 'user-agent': IPHONE })).toBe('https://apps.apple.com/app/id2'), 1000, 20);
    const cleared = await alice.client.patch(`/api/qrcodes/${code.id}`, { campaign: null });
    expect(cleared.json.campaign).toBeNull();
    await waitFor(async () => expect(await location(code.slug, { 'user-agent': IPHONE })).toBe('https://example.com/base'), 1000, 20);
  });

  it.each([
    [{ expiresAt: '2020-01-01T00:00:00Z' }, 'campaign.expiresAt', 'The expiry is in the past: choose a later date and time'],
    [{ schedule: [{ at: '2020-01-01T00:00:00Z', destination: 'https://example.com/x' }] }, 'campaign.schedule.0.at', 'This switch is in the past: choose a later date and time'],
    [{ scanLimit: 0 }, 'campaign.scanLimit', 'The scan limit must be a whole number of at least 1'],
    [
      { split: [{ name: 'A', destination: 'https://example.com/a', weight: 0 }, { name: 'B', destination: 'https://example.com/b', weight: 1 }] },
      'campaign.split.0.weight',
      'Weights must be whole numbers from 1 to 1000',
    ],
    [
      { split: [{ name: 'A', destination: 'https://example.com/a', weight: -3 }, { name: 'B', destination: 'https://example.com/b', weight: 1.5 }] },
      'campaign.split.1.weight',
      'Weights must be whole numbers from 1 to 1000',
    ],
    [{ rules: [{ country: ['QQ'], destination: 'https://example.com/x' }] }, 'campaign.rules.0.country', 'Countries must be two-letter ISO codes such as DE or US'],
    [
      { rules: [{ os: ['ios'], destination: 'https://example.com/a' }, { os: ['ios'], country: ['DE'], destination: 'https://example.com/b' }] },
      'campaign.rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { rules: [{ os: ['android'], destination: 'https://example.com/a' }, { os: ['android'], destination: 'https://example.com/b' }] },
      'campaign.rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { rules: [{ language: ['de'], destination: 'https://example.com/de' }, { language: ['de-CH'], destination: 'https://example.com/ch' }] },
      'campaign.rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      {
        rules: [
          { time: { zone: 'Europe/Berlin', from: '08:00', to: '20:00' }, destination: 'https://example.com/day' },
          { time: { zone: 'Europe/Berlin', days: [1], from: '12:00', to: '13:00' }, destination: 'https://example.com/lunch' },
        ],
      },
      'campaign.rules.1',
      'Rule 2 can never match: rule 1 comes first and catches every scan it would',
    ],
    [
      { schedule: [{ at: '2099-01-01T00:00:00Z', destination: 'https://example.com/x', split: [{ name: 'A', destination: 'https://example.com/a', weight: 1 }, { name: 'B', destination: 'https://example.com/b', weight: 0 }] }] },
      'campaign.schedule.0.split.1.weight',
      'Weights must be whole numbers from 1 to 1000',
    ],
    [{ expiresAt: 'next friday' }, 'campaign.expiresAt', 'The expiry must be a date and time, such as 2026-12-31T23:59:00+01:00'],
    ['on', 'campaign', 'The campaign settings must be an object'],
    [
      { rules: [{ os: ['ios'], destination: 'http://127.0.0.1/admin' }] },
      'campaign.rules.0.destination',
      'The URL points to a private or local network address, which scanners cannot reach. Use a public web address.',
    ],
    [{ fallbackUrl: 'http://10.0.0.5/ended' }, 'campaign.fallbackUrl', 'The URL points to a private or local network address, which scanners cannot reach. Use a public web address.'],
  ])('refuses %j with a clear message, creating nothing', async (campaign, field, message) => {
    const before = (await alice.client.get('/api/qrcodes')).json.length;
    const res = await alice.client.post('/api/qrcodes', { name: 'Refused', destinationUrl: 'https://example.com/', campaign });
    expect(res.status).toBe(400);
    expect(res.json.fields[field]).toBe(message);
    expect((await alice.client.get('/api/qrcodes')).json.length).toBe(before);
  });

  it('refuses a change of a code\'s controls with every problem named by its field, keeping the settings it had', async () => {
    const code = await newCode('https://example.com/kept', { rules: [{ os: ['ios'], destination: 'https://example.com/ios' }] });
    const shape = await alice.client.patch(`/api/qrcodes/${code.id}`, {
      campaign: {
        rules: [{ country: ['DE'], destination: 'https://example.com/de' }, { country: ['DE'], language: ['de'], destination: 'https://example.com/de2' }],
        split: [{ name: 'A', destination: 'https://example.com/a', weight: 1 }, { name: 'B', destination: 'https://example.com/b', weight: 0 }],
      },
    });
    expect(shape.status).toBe(400);
    expect(shape.json.fields).toEqual({
      'campaign.rules.1': 'Rule 2 can never match: rule 1 comes first and catches every scan it would',
      'campaign.split.1.weight': 'Weights must be whole numbers from 1 to 1000',
    });
    const past = await alice.client.patch(`/api/qrcodes/${code.id}`, {
      campaign: { expiresAt: '2021-03-01T10:00:00+01:00', schedule: [{ at: '2021-01-01T00:00:00Z', destination: 'https://example.com/x' }] },
    });
    expect(past.status).toBe(400);
    expect(past.json.fields).toEqual({
      'campaign.expiresAt': 'The expiry is in the past: choose a later date and time',
      'campaign.schedule.0.at': 'This switch is in the past: choose a later date and time',
    });
    expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.campaign).toEqual({ rules: [{ os: ['ios'], destination: 'https://example.com/ios' }] });
  });

  describe('custom slugs', () => {
    it('creates a code at the short link the owner chose, which redirects', async () => {
      const free = await alice.client.get('/api/qrcodes/slug-availability?slug=Spring-Menu_2026');
      expect(free.json).toEqual({ slug: 'Spring-Menu_2026', available: true });

      const code = await createCode(alice.client, { name: 'Custom', destinationUrl: 'https://example.com/spring', slug: 'Spring-Menu_2026' } as never, { buySeat: true });
      codes++;
      expect(code.slug).toBe('Spring-Menu_2026');
      expect(code.shortUrl).toMatch(/\/r\/Spring-Menu_2026$/);
      expect(await location('Spring-Menu_2026', {}, '?utm_source=menu')).toBe('https://example.com/spring?utm_source=menu');
      // Case-sensitive, like generated slugs: another case is another (unknown) slug.
      expect(await location('spring-menu_2026')).toBe('404');

      const taken = await alice.client.get('/api/qrcodes/slug-availability?slug=Spring-Menu_2026');
      expect(taken.json).toEqual({ slug: 'Spring-Menu_2026', available: false, reason: 'This short link is already taken: choose another' });
    });

    it('refuses reserved words, bad forms, taken slugs and look-alikes of another owner\'s slug', async () => {
      const bob = await subscribedCustomer(system);
      const check = async (slug: string) => (await bob.client.get(`/api/qrcodes/slug-availability?slug=${encodeURIComponent(slug)}`)).json;
      expect(await check('admin')).toMatchObject({ available: false, reason: 'This short link is reserved: choose another' });
      expect(await check('abc')).toMatchObject({ available: false, reason: 'A custom short link has 4 to 32 letters, digits, - or _' });
      expect(await check('has space')).toMatchObject({ available: false });
      expect(await check('SPRING-MENU-2O26')).toMatchObject({ available: false, reason: 'This short link looks too much like one already in use: choose another' });

      for (const [slug, message] of [
        ['Health', 'This short link is reserved: choose another'],
        ['x'.repeat(33), 'A custom short link has 4 to 32 letters, digits, - or _'],
      ]) {
        const res = await bob.client.post('/api/qrcodes', { name: 'Refused', destinationUrl: 'https://example.com/', slug });
        expect(res.status).toBe(400);
        expect(res.json.fields.slug).toBe(message);
      }
      const res = await bob.client.post('/api/qrcodes', { name: 'Refused', destinationUrl: 'https://example.com/', slug: 'spring_menu_2026' });
      expect(res.status).toBe(400);
      expect(res.json.fields.slug).toBe('This short link looks too much like one already in use: choose another');
      expect((await bob.client.get('/api/qrcodes')).json).toHaveLength(0);
    });

    it('rate limits the availability check', async () => {
      const carol = await subscribedCustomer(system);
      const statuses: number[] = [];
      for (let i = 0; i < 62; i++) statuses.push((await carol.client.get(`/api/qrcodes/slug-availability?slug=carol-${i}`)).status);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[61]).toBe(429);
    });
  });

  describe('password-protected codes', () => {
    /** Waits until each replica asks for the password, whichever one nginx picks next (each GET of the form is a scan, taking nothing from the limit). */
    const askedOnEveryReplica = (slug: string) =>
      waitFor(async () => {
        for (const key of REPLICAS) {
          const res = await fetch(`${system.url(key)}/r/${slug}`, { redirect: 'manual', headers: { 'user-agent': IPHONE } });
          await res.arrayBuffer();
          expect(res.status).toBe(200);
        }
      }, 1000, 20);

    const post = (slug: string, password: string, from: string, path = '') =>
      frontDoorRequest(frontDoor.baseUrl, `/r/${slug}${path}`, {
        method: 'POST',
        from,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': IPHONE },
        body: new URLSearchParams({ password }).toString(),
      });

    it('asks for the password, redirects once it is given, and takes one scan from the limit', async () => {
      const code = await newCode('https://example.com/secret', { scanLimit: 5 });
      const set = await alice.client.patch(`/api/qrcodes/${code.id}`, { password: 'open sesame' });
      expect(set.status).toBe(200);
      expect(set.json.passwordProtected).toBe(true);
      expect(JSON.stringify(set.json)).not.toContain('argon2');

      await askedOnEveryReplica(code.slug);
      const form = await scan(code.slug, { path: '?utm_source=door' });
      expect(form.status).toBe(200);
      expect(form.body).toContain('This QR code is protected');
      expect(form.body).toContain('<form method="post">');
      expect(String(form.headers['content-security-policy'])).toContain("form-action 'self'");

      const wrong = await post(code.slug, 'guess', '127.0.2.10');
      expect(wrong.status).toBe(401);
      expect(wrong.body).toContain('That password is not right');

      // Not a 302: the form's CSP (form-action 'self') would stop a browser from following it to another site.
      const right = await post(code.slug, 'open sesame', '127.0.2.10', '?utm_source=door');
      expect(right.status).toBe(200);
      expect(right.location).toBeNull();
      expect(right.body).toContain('<meta http-equiv="refresh" content="0; url=https://example.com/secret?utm_source=door">');
      expect(right.body).toContain('<a class="home" href="https://example.com/secret?utm_source=door">Continue</a>');
      expect(String(right.headers['content-security-policy'])).toContain("form-action 'none'");
      // The form and the wrong attempt used nothing of the limit: the way in took one.
      expect((await alice.client.get(`/api/qrcodes/${code.id}`)).json.remainingScans).toBe(4);
    });

    it('limits attempts per client, and removing the password opens the code', async () => {
      const code = await newCode('https://example.com/vault', {});
      await alice.client.patch(`/api/qrcodes/${code.id}`, { password: 'correct horse' });
      await askedOnEveryReplica(code.slug);
      const wrong: number[] = [];
      for (let i = 0; i < 10; i++) wrong.push((await post(code.slug, 'nope', '127.0.2.99')).status);
      expect(wrong).toEqual(Array(10).fill(401));
      // Its 10 attempts used (on either replica: the counter is shared): refused even with the right password, while another client gets in.
      expect((await post(code.slug, 'correct horse', '127.0.2.99')).status).toBe(429);
      expect((await post(code.slug, 'correct horse', '127.0.2.20')).body).toContain('url=https://example.com/vault');

      const removed = await alice.client.patch(`/api/qrcodes/${code.id}`, { password: null });
      expect(removed.json.passwordProtected).toBe(false);
      await waitFor(async () => expect(await location(code.slug)).toBe('https://example.com/vault'), 1000, 20);
    });

    it('refuses a password too short to protect anything', async () => {
      const [code] = (await alice.client.get('/api/qrcodes')).json;
      const res = await alice.client.patch(`/api/qrcodes/${code.id}`, { password: 'abc' });
      expect(res.status).toBe(400);
      expect(res.json.fields.password).toBe('The password must have 4 to 128 characters');
    });
  });
});
