import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { Browser } from 'playwright-core';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, type ScanStreamEntry } from '@qrd/contracts';
import { createCode, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, sidewaysOverflow, sql, uniqueName } from './support/e2e';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DAY = 24 * 3600 * 1000;
const TZ = 'Asia/Kolkata';
/** Addresses the bundled GeoIP database places in these countries. */
const PLACES = [
  { ip: '81.2.69.142', country: 'GB' },
  { ip: '8.8.8.8', country: 'US' },
];

const dayIn = (ts: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe('analytics screens in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the map, the heatmap and a custom range compared with the period before, as the API counts them', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { timezoneId: TZ });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Menu '), 'https://example.com/menu');

    // Scans as the redirect-service appends them: 6 from the UK, 3 from the US over the last 10 days.
    const now = Date.now();
    const scans = Array.from({ length: 9 }, (_, n) => ({ ts: now - 60_000 - n * 26 * 3600 * 1000, place: PLACES[n < 6 ? 0 : 1] }));
    const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    for (const s of scans) {
      const entry: ScanStreamEntry = {
        id: randomUUID(),
        codeId: code.id,
        slug: code.slug,
        ts: s.ts,
        ip: s.place.ip,
        userAgent: IPHONE,
        referer: '',
        acceptLanguage: 'en',
        country: '',
        method: 'GET',
        purpose: '',
      };
      await redis.xadd(scanStreamKey(e2eState().redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
    }
    redis.disconnect();
    const deadline = Date.now() + 20_000;
    while ((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM qr.scans WHERE code_id = $1`, [code.id]))[0].n < scans.length) {
      if (Date.now() > deadline) throw new Error('the seeded scans were not stored within 20s');
      await new Promise((r) => setTimeout(r, 250));
    }

    await page.goto(`/edit-qr/${code.id}?tab=analytics`);
    // The map arrives as its own chunk: the UK is shaded, and the table lists both countries.
    const map = page.getByTestId('scan-map');
    await map.waitFor();
    await map.locator('path[data-country="GB"][data-scans="6"]').waitFor({ state: 'attached' });
    await map.locator('path[data-country="US"][data-scans="3"]').waitFor({ state: 'attached' });
    const countries = page.getByRole('region', { name: 'Scans by country (table)' });
    await countries.getByRole('row', { name: /United Kingdom 6/ }).waitFor();
    await countries.getByRole('row', { name: /United States 3/ }).waitFor();

    // Heatmap: every scan in its cell, in the viewer's zone.
    const cells = page.getByRole('region', { name: /Scans by hour of the week/ }).locator('td[data-scans]');
    await cells.first().waitFor();
    const shown = await cells.evaluateAll((tds) => tds.map((td) => Number(td.getAttribute('data-scans'))));
    expect(shown).toHaveLength(7 * 24);
    expect(shown.reduce((a, b) => a + b, 0)).toBe(scans.length);

    // A custom range: the last 4 local days against the 4 before.
    const to = dayIn(now);
    const from = shift(to, -3);
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill(shift(to, 2));
    await page.getByLabel('To', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Apply range' }).click();
    await page.getByRole('alert').getByText('The start date must not be after the end date').waitFor();
    await page.getByLabel('From', { exact: true }).fill(from);
    await page.getByRole('button', { name: 'Apply range' }).click();

    const api = (await (
      await page.request.get(`/api/qrcodes/${code.id}/analytics?from=${from}&to=${to}&tz=${encodeURIComponent(TZ)}&compare=previous`)
    ).json()) as { scans: number; previous: { scans: number; change: { scans: number | 'new' } } };
    expect(api.scans + api.previous.scans).toBeGreaterThan(0);
    const change = api.previous.change.scans;
    const changeText = change === 'new' ? 'New' : `${change > 0 ? '+' : ''}${change.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
    const card = page.getByRole('group', { name: 'Scans', exact: true });
    // The figure itself, not the line under it ("N in <previous period>"), which has the same number when nothing changed.
    await card.getByText(new RegExp(`^${api.scans} (?!in )`)).waitFor();
    await card.getByText(changeText, { exact: true }).waitFor();
    await card.getByText(new RegExp(`^${api.previous.scans} in `)).waitFor();
    await screenshot(page, 'code-analytics-range');

    // The dashboard's Analytics tab: the per-code table lists the code with the same figures.
    await page.goto('/dashboard?tab=analytics');
    const table = page.getByRole('region', { name: /Scans per QR code/ });
    await table.getByRole('row', { name: /Menu/ }).first().waitFor();
    await page.getByTestId('scan-map').waitFor();
    await screenshot(page, 'dashboard-analytics');

    // On a phone the wide tables scroll inside their cards; the page itself never scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard?tab=analytics');
    await page.getByRole('region', { name: /Scans per QR code/ }).getByRole('row', { name: /Menu/ }).first().waitFor();
    await page.getByRole('region', { name: /Scans by hour of the week/ }).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, 'dashboard-analytics-mobile');

    // A country's cities on a phone: the map closes in on the UK with a dot for Bracknell, the table lists it.
    await page.getByRole('region', { name: 'Scans by country (table)' }).getByRole('button', { name: 'United Kingdom' }).click();
    await page.getByRole('region', { name: 'Scans by city in United Kingdom (table)' }).getByRole('row', { name: /England Bracknell 6 100%/ }).waitFor();
    await page.getByTestId('scan-map').locator('circle[data-city="Bracknell"][data-scans="6"]').waitFor({ state: 'attached' });
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, 'dashboard-analytics-cities-mobile');
    await page.getByRole('button', { name: '← Back to world' }).click();
    await page.getByRole('region', { name: 'Scans by country (table)' }).waitFor();
    await context.close();
  });
});
