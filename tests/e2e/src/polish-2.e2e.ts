import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { Browser, Locator, Page } from 'playwright-core';
import { encodeScanEntry, SCAN_FIELD, scanStreamKey, type ScanStreamEntry } from '@qrd/contracts';
import { apiPost, createCode, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, seedUser, sql, uniqueName } from './support/e2e';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A scan from the UK (the bundled GeoIP database places 81.2.69.142 there), as the redirect-service appends it. */
async function seedScan(code: { id: string; slug: string }): Promise<void> {
  const entry: ScanStreamEntry = {
    id: randomUUID(),
    codeId: code.id,
    slug: code.slug,
    ts: Date.now() - 60_000,
    ip: '81.2.69.142',
    userAgent: PHONE,
    referer: '',
    acceptLanguage: 'en',
    country: '',
    method: 'GET',
    purpose: '',
  };
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  await redis.xadd(scanStreamKey(e2eState().redisPrefix), '*', SCAN_FIELD, encodeScanEntry(entry));
  redis.disconnect();
  const deadline = Date.now() + 20_000;
  while ((await sql<{ n: number }>('SELECT count(*)::int AS n FROM qr.scans WHERE code_id = $1', [code.id]))[0].n < 1) {
    if (Date.now() > deadline) throw new Error('the seeded scan was not stored within 20s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * WCAG contrast of an element's painted colour (an SVG fill or a background) against the nearest
 * ancestor with a background of its own: both painted on a canvas, so any CSS colour syntax counts.
 */
function contrastAgainstCard(target: Locator, property: 'fill' | 'background-color'): Promise<number> {
  return target.evaluate((element, prop) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const rgb = (color: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
      return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
    };
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const own = getComputedStyle(element).getPropertyValue(prop);
    let card: Element | null = element.parentElement;
    while (card && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(card).backgroundColor)) card = card.parentElement;
    const behind = getComputedStyle(card ?? document.body).backgroundColor;
    const [a, b] = [luminance(rgb(own)), luminance(rgb(behind))].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
  }, property);
}

/** The second round of small things a walk through the product found, each checked where a user sees it. */
describe('polish found on the second walk (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function signedIn(options: { subscribed?: boolean; interval?: 'monthly' | 'annual'; width?: number } = {}): Promise<Page> {
    const context = await newContext(browser, { width: options.width ?? 1280 });
    const page = await context.newPage();
    await logIn(page, await seedUser());
    if (options.subscribed !== false) await subscribeWithTestCard(page, options.interval);
    return page;
  }

  it('the two-factor badge says "On" while the recovery codes are shown', async () => {
    const page = await signedIn({ subscribed: false });
    await page.goto('/account?tab=security');
    const card = page.getByRole('region', { name: 'Two-factor sign-in' });
    await card.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await card.getByLabel('Current password').fill('Secret-pass-123');
    await card.getByRole('button', { name: 'Continue' }).click();
    const secret = (await card.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
    await card.getByLabel('Code from the app').fill(await generate({ secret }));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('list', { name: 'Recovery codes' }).waitFor();
    expect(await card.getByText(/^(On|Off)$/).innerText()).toBe('On');
    await page.context().close();
  });

  it('the "expiry is in the past" message goes once a later time is entered', async () => {
    const page = await signedIn();
    const code = await createCode(page, uniqueName('Expiring '));
    await page.goto(`/edit-qr/${code.id}?tab=campaign`);
    const ends = page.getByLabel('Ends at');
    await ends.fill('2020-01-01T10:00');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('The expiry is in the past: choose a later date and time').waitFor();
    await ends.fill(`${new Date().getFullYear() + 1}-06-01T10:00`);
    expect(await page.getByText('The expiry is in the past', { exact: false }).count()).toBe(0);
    expect(await page.getByText('Some settings need a change', { exact: false }).count()).toBe(0);
    await page.context().close();
  });

  it('an invoice for an added code says so, and the credit an annual -> monthly switch leaves is on the billing page', async () => {
    const page = await signedIn({ interval: 'annual' });
    // The subscription's seat holds the first code; the second is bought (and invoiced) on its own.
    await createCode(page, uniqueName('First '));
    await apiPost(page, '/api/purchase-qr-code', { name: uniqueName('Second ') });
    // The seat's invoice is recorded from the subscription's change: it may take a moment.
    const invoices = page.getByRole('list', { name: 'Invoices' });
    const deadline = Date.now() + 30_000;
    for (;;) {
      await page.goto('/account?tab=subscription');
      await invoices.getByRole('listitem').first().waitFor();
      if ((await invoices.getByRole('listitem').count()) >= 2) break;
      if (Date.now() > deadline) throw new Error(`no invoice for the added code within 30s: ${await invoices.innerText()}`);
      await page.waitForTimeout(1000);
    }
    expect(await invoices.getByRole('listitem').first().innerText()).toContain('1 QR code added');
    expect(await invoices.innerText()).not.toContain('Plan change');

    const preview = (await (await page.request.get('/api/subscription/switch-preview?interval=monthly')).json()) as { creditCarriedCents: number };
    expect(preview.creditCarriedCents).toBeGreaterThan(0);
    await apiPost(page, '/api/subscription/switch', { interval: 'monthly', when: 'now' });
    await page.reload();
    await page.getByText('Monthly plan, billed per QR code').waitFor();
    const credit = page.getByRole('status', { name: 'Account credit' });
    await credit.waitFor();
    // What the switch said would stay as credit (a cent less if seconds passed).
    const shown = Number((await credit.innerText()).match(/\$(\d+\.\d{2})/)?.[1]);
    expect(Math.abs(shown * 100 - preview.creditCarriedCents)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('the switch dialog names the chosen "Now" while its price loads', async () => {
    const page = await signedIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/subscription/switch-preview**', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/account?tab=subscription');
    await page.getByRole('button', { name: 'Switch to annual billing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to annual billing' });
    await dialog.getByText('Working out the prorated amount...').waitFor();
    const buttons = await dialog.getByRole('button').allInnerTexts();
    expect(buttons).not.toContain('Switch at period end');
    expect(buttons).toContain('Switch now');
    release();
    await dialog.getByRole('button', { name: /^Switch now and pay \$/ }).waitFor();
    await page.context().close();
  });

  it('opening "Custom" keeps "Export scans (CSV)" where it was', async () => {
    const page = await signedIn();
    const code = await createCode(page, uniqueName('Ranged '));
    await page.goto(`/edit-qr/${code.id}?tab=analytics`);
    const exportLink = page.getByRole('link', { name: 'Export scans (CSV)' });
    await exportLink.waitFor();
    const before = await exportLink.boundingBox();
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByRole('form', { name: 'Custom range' }).waitFor();
    const after = await exportLink.boundingBox();
    expect({ x: Math.round(after!.x), y: Math.round(after!.y) }).toEqual({ x: Math.round(before!.x), y: Math.round(before!.y) });
    await page.context().close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`countries and hours without scans are at least 3:1 against their card (${colorScheme})`, async () => {
      const context = await newContext(browser, { colorScheme });
      const page = await context.newPage();
      await logIn(page, await seedUser());
      await subscribeWithTestCard(page);
      const code = await createCode(page, uniqueName('Mapped '));
      await seedScan(code);
      await page.goto(`/edit-qr/${code.id}?tab=analytics`);
      const empty = page.getByTestId('scan-map').locator('path[data-scans="0"]').first();
      await empty.waitFor({ state: 'attached' });
      expect(await contrastAgainstCard(empty, 'fill')).toBeGreaterThanOrEqual(3);
      const hour = page.getByRole('region', { name: /Scans by hour of the week/ }).locator('td[data-scans="0"]').first();
      expect(await contrastAgainstCard(hour, 'background-color')).toBeGreaterThanOrEqual(3);
      await context.close();
    });
  }

  it("a contact card code's card says what it leads to, not our page's address", async () => {
    const page = await signedIn();
    const name = uniqueName('Card ');
    await apiPost(page, '/api/qrcodes', { name, content: { type: 'vcard', firstName: 'Ada', lastName: 'Lovelace', phones: [], emails: ['ada@example.com'] } });
    await page.goto('/dashboard');
    const card = page.getByRole('article', { name });
    await card.waitFor();
    // Shortened on the card like any destination (30 characters), whole in its tooltip.
    const destination = card.getByRole('link', { name: /^Contact card page/ });
    expect(await destination.getAttribute('title')).toBe('Contact card page: Ada Lovelace');
    expect(await card.innerText()).not.toContain('/p/');
    await page.context().close();
  });
});
