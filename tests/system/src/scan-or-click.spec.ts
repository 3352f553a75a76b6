import { CodeAnalytics, QrCodeView } from '@qrd/contracts';
import { waitFor } from '@qrd/testing';
import { BILLING_ENV, signUp } from './billing-fixtures';
import { FrontDoor, startFrontDoor } from './front-door';
import { TestSystem } from './harness';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('scans and clicks counted apart', () => {
  let system: TestSystem;
  let door: FrontDoor;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'qr', 'billing', 'gateway', 'redirect'], env: BILLING_ENV });
    door = await startFrontDoor(system);
  });
  afterAll(async () => {
    await door?.stop();
    await system?.stop();
  });

  it('counts a visit through the shareable link as a click and one through the printed image as a scan, in analytics and the export', async () => {
    const { client } = await signUp(system);
    const code = (await client.post('/api/qrcodes', { name: 'Flyer', destinationUrl: 'https://example.com/flyer' })).json as QrCodeView;
    // The image encodes the short URL; the link to share is /l/: the same redirect.
    expect(code.linkUrl).toBe(`${system.config.publicBaseUrl}/l/${code.slug}`);
    const visit = (path: string) => fetch(`${door.baseUrl}${path}`, { redirect: 'manual', headers: { 'user-agent': PHONE } });
    await waitFor(async () => expect((await visit(`/r/${code.slug}`)).status).toBe(302));
    for (const path of [`/l/${code.slug}?utm_source=chat`, `/l/${code.slug}`]) {
      const res = await visit(path);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^https:\/\/example\.com\/flyer/);
    }
    expect((await visit('/l/nope-nope')).status).toBe(404);

    await waitFor(async () => {
      const view = (await client.get(`/api/qrcodes/${code.id}/analytics`)).json as CodeAnalytics;
      expect(view.scans).toBe(3);
      expect(Object.fromEntries((view.sources ?? []).map((s) => [s.key, s.scans]))).toEqual({ scan: 1, click: 2 });
    });

    const csv = (await client.get(`/api/qrcodes/${code.id}/scans.csv`)).text.trimEnd().split('\r\n');
    expect(csv[0].split(',').at(-1)).toBe('source');
    expect(csv.slice(1).map((line) => line.split(',').at(-1)).sort()).toEqual(['click', 'click', 'scan']);
  });
});
