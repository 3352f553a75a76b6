import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

const IPHONE = (build: number) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E${build} Safari/604.1`;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

/** A scan through nginx with this user agent; the Location of the 302, or the status when there is none. */
async function scanWith(page: Page, slug: string, userAgent: string): Promise<string> {
  const response = await page.request.get(`/r/${slug}`, { maxRedirects: 0, headers: { 'user-agent': userAgent } });
  return response.status() === 302 ? (response.headers().location ?? '') : String(response.status());
}

/** Scans until the answer is `expected` (a saved change reaches the redirect-service within a second). */
async function waitForScan(page: Page, slug: string, userAgent: string, expected: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await scanWith(page, slug, userAgent);
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`/r/${slug} went to ${last}, not ${expected}, within ${timeoutMs / 1000}s`);
}

describe('campaign controls in the edit screen, in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('builds a UTM URL, adds an iOS rule and a schedule, tests the rule in the preview, and scans route by the rule', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Spring poster '), 'https://example.com/menu');

    await page.goto(`/edit-qr/${code.id}?tab=campaign`);
    await page.getByRole('tab', { name: 'Campaign', selected: true }).waitFor();

    // UTM builder: the final address is previewed as it is typed, then becomes the destination.
    await page.getByLabel('Source').fill('poster');
    await page.getByLabel('Medium').fill('print');
    await page.getByRole('textbox', { name: 'Campaign' }).fill('spring sale');
    const finalUrl = 'https://example.com/menu?utm_source=poster&utm_medium=print&utm_campaign=spring+sale';
    await page.getByTestId('utm-final-url').getByText(finalUrl, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Use this URL' }).click();
    await page.getByText('QR Code Updated').first().waitFor();
    await waitForScan(page, code.slug, ANDROID, finalUrl);

    // An iOS rule and a switch planned for later, checked in the preview before saving.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('Rule 1: OS').selectOption('ios');
    await page.getByLabel('Send to').fill('https://apps.apple.com/app/id1');
    await page.getByRole('button', { name: 'Add a switch' }).click();
    await page.getByLabel('Switch 1 at').fill('2030-01-01T09:00');
    await page.getByLabel('Destination', { exact: true }).fill('https://example.com/new-year');

    const preview = page.getByTestId('rule-preview');
    await page.getByLabel("Scanner's OS").selectOption('ios');
    await preview.getByText('Rule 1 matches: goes to https://apps.apple.com/app/id1').waitFor();
    await page.getByLabel("Scanner's OS").selectOption('android');
    await preview.getByText(`No rule matches: goes to ${finalUrl}`).waitFor();
    await screenshot(page, 'campaign-editor');

    // A second iOS rule could never match: the server explains it beside that rule, and nothing is saved.
    await page.getByRole('button', { name: 'Add a rule' }).click();
    await page.getByLabel('Rule 2: OS').selectOption('ios');
    await page.locator('#rule-url-1').fill('https://example.com/never');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    const rules = page.getByRole('region', { name: 'Routing rules' });
    await rules
      .getByRole('listitem')
      .nth(1)
      .getByRole('alert')
      .getByText('Rule 2 can never match: rule 1 comes first and catches every scan it would')
      .waitFor();
    await page.getByText('Some settings need a change: see the messages above.').waitFor();
    await screenshot(page, 'campaign-editor-refused');
    await page.getByRole('button', { name: 'Remove rule 2' }).click();

    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('Campaign Saved').first().waitFor();

    // An iPhone gets the rule's destination; any other phone the UTM address (the switch is years away).
    await waitForScan(page, code.slug, IPHONE(148), 'https://apps.apple.com/app/id1');
    expect(await scanWith(page, code.slug, ANDROID)).toBe(finalUrl);

    // Saved as shown: the rule and the switch come back after a reload.
    await page.reload();
    await page.getByLabel('Rule 1: OS').waitFor();
    expect(await page.getByLabel('Rule 1: OS').inputValue()).toBe('ios');
    expect(await page.getByLabel('Send to').inputValue()).toBe('https://apps.apple.com/app/id1');
    expect(await page.getByLabel('Switch 1 at').inputValue()).toBe('2030-01-01T09:00');
    expect(await page.getByLabel('Destination', { exact: true }).inputValue()).toBe('https://example.com/new-year');

    // On a 390 px phone the filled-in tab fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Save campaign' }).scrollIntoViewIfNeeded();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBe(widths.client);
    await screenshot(page, 'campaign-editor-390');
    await context.close();
  });

  it('splits an A/B code, and its analytics show the scans of each variant', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('A/B flyer '), 'https://example.com/a');

    await page.goto(`/edit-qr/${code.id}?tab=campaign`);
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.locator('#variant-url-1').fill('https://example.com/b');
    expect(await page.locator('#variant-name-0').inputValue()).toBe('A');
    expect(await page.locator('#variant-name-1').inputValue()).toBe('B');
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('Campaign Saved').first().waitFor();

    // Live once some phone is sent to B; HEAD requests are not counted as scans.
    const deadline = Date.now() + 10_000;
    for (let i = 0; ; i = (i + 1) % 50) {
      const head = await page.request.head(`/r/${code.slug}`, { maxRedirects: 0, headers: { 'user-agent': IPHONE(200 + i) } });
      if (head.headers().location === 'https://example.com/b') break;
      if (Date.now() > deadline) throw new Error('the split did not reach the redirect-service');
    }

    // Scanners told apart by their phones (nginx gives every scan from here the same address).
    const variantOf: Record<string, 'A' | 'B'> = { 'https://example.com/a': 'A', 'https://example.com/b': 'B' };
    const scans = { A: 0, B: 0 };
    const scanners = { A: 0, B: 0 };
    for (let i = 1; i <= 16; i++) {
      const first = await scanWith(page, code.slug, IPHONE(100 + i));
      expect(Object.keys(variantOf)).toContain(first);
      // The same phone keeps its variant for the day.
      expect(await scanWith(page, code.slug, IPHONE(100 + i))).toBe(first);
      scans[variantOf[first]] += 2;
      scanners[variantOf[first]] += 1;
    }
    expect(scans.A).toBeGreaterThan(0);
    expect(scans.B).toBeGreaterThan(0);

    // The analytics tab shows each variant's scans, unique scanners and share once the scans are stored.
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Variant' }) });
    const cellsOf = (name: string) =>
      table.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) }).getByRole('cell').allTextContents();
    const share = (n: number) => `${Math.round((n / (scans.A + scans.B)) * 100)}%`;
    const expected = { A: [String(scans.A), String(scanners.A), share(scans.A)], B: [String(scans.B), String(scanners.B), share(scans.B)] };
    let shown: Record<string, string[]> = {};
    const until = Date.now() + 20_000;
    for (;;) {
      await page.goto(`/edit-qr/${code.id}?tab=analytics`);
      await page.getByRole('group', { name: 'Scans', exact: true }).waitFor();
      if (await table.isVisible()) shown = { A: await cellsOf('A'), B: await cellsOf('B') };
      if (JSON.stringify(shown) === JSON.stringify(expected)) break;
      if (Date.now() > until) throw new Error(`the variants showed ${JSON.stringify(shown)}, not ${JSON.stringify(expected)}`);
      await page.waitForTimeout(500);
    }
    await screenshot(page, 'campaign-variants');
    await context.close();
  });
});
