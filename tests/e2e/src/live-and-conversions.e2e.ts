import IORedis from 'ioredis';
import { Browser } from 'playwright-core';
import { v7 as uuidv7 } from 'uuid';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, type ScanStreamEntry } from '@qrd/contracts';
import { apiPost, createCode, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, seedUser, sql, uniqueName } from './support/e2e';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('live scans and conversions in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows a scan in the live feed within a second of the redirect, and marks the A/B variant with more sales', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Live '), 'https://example.com/live');

    await page.goto(`/edit-qr/${code.id}?tab=analytics`);
    await page.getByRole('button', { name: 'Watch live' }).click();
    await page.getByRole('status').filter({ hasText: 'Listening' }).waitFor();
    await page.getByRole('img', { name: '0 scans in the last 30 minutes' }).waitFor();

    // A phone scans the code through the front door; the page shows it within a second of the answer.
    const scan = await context.request.get(`/r/${code.slug}`, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
    expect(scan.status()).toBe(302);
    const answered = Date.now();
    const feed = page.getByRole('list', { name: 'Latest scans' });
    await feed.getByText(/iOS/).waitFor({ timeout: 1000 });
    const shownAfterMs = Date.now() - answered;
    expect(shownAfterMs).toBeLessThanOrEqual(1000);
    await page.getByRole('img', { name: '1 scan in the last 30 minutes' }).waitFor();

    // An A/B split whose variants were scanned, and sales reported against those scans: B sold more.
    await page.request.patch(`/api/qrcodes/${code.id}`, {
      data: {
        campaign: {
          passScanId: true,
          split: [
            { name: 'A', destination: 'https://example.com/a', weight: 1 },
            { name: 'B', destination: 'https://example.com/b', weight: 1 },
          ],
        },
      },
      headers: { Origin: e2eState().baseUrl },
    });
    const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const scans = ['A', 'B', 'B'].map((variant) => ({ id: uuidv7(), variant }));
    for (const s of scans) {
      const entry: ScanStreamEntry = {
        id: s.id,
        codeId: code.id,
        slug: code.slug,
        ts: Date.now(),
        ip: '81.2.69.142',
        userAgent: IPHONE,
        referer: '',
        acceptLanguage: 'en',
        country: '',
        method: 'GET',
        purpose: '',
        variant: s.variant,
      };
      await redis.xadd(scanStreamKey(e2eState().redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
    }
    redis.disconnect();
    const deadline = Date.now() + 20_000;
    while ((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM qr.scans WHERE code_id = $1`, [code.id]))[0].n < 4) {
      if (Date.now() > deadline) throw new Error('the seeded scans were not stored within 20s');
      await new Promise((r) => setTimeout(r, 200));
    }
    // The destination site reports its sales with an API key of the workspace.
    const key = (await (await apiPost(page, '/api/api-keys', { name: 'Shop', scope: 'write' })).json()) as { key: string };
    for (const [n, s] of scans.entries()) {
      const sale = await context.request.post('/api/v1/events/sale', {
        data: { scanId: s.id, externalId: `order-${n}`, amount: 2500, currency: 'EUR' },
        headers: { authorization: `Bearer ${key.key}` },
      });
      expect(sale.status()).toBe(201);
    }

    await page.reload();
    const variants = page.getByRole('table').filter({ hasText: 'Variant' });
    await variants.getByRole('row', { name: /^B\s*Most sales/ }).waitFor();
    expect(await variants.getByText('Most sales').count()).toBe(1);
    await page.getByText('Conversions').waitFor();
    await context.close();
    process.stdout.write(`live feed: the scan was shown ${shownAfterMs} ms after the redirect answered\n`);
  });
});
