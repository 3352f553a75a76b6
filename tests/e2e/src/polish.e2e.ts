import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, seedUser, uniqueName } from './support/e2e';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** Lines an element's text takes (1 when it does not wrap). */
function linesOf(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const lineHeight = parseFloat(getComputedStyle(element).lineHeight);
      return Math.round(element.getBoundingClientRect().height / lineHeight);
    }),
  );
}

/** The small things a walk through the product found, each checked where a user sees it. */
describe('polish found on the walk (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('the edit page says "ready" right after creating; later visits and the analytics view name the code', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, await seedUser());
    await subscribeWithTestCard(page);
    const name = uniqueName('Lunch menu ');
    await page.goto('/create-qr');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Destination URL').fill('https://example.com/lunch');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your QR Code is Ready!' }).waitFor();

    // A later visit (a new navigation to the same page) shows the code's name instead.
    await page.goto(page.url().split('?')[0]);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await page.getByRole('heading', { name: 'Your QR Code is Ready!' }).count()).toBe(0);

    await page.goto(`${page.url().split('?')[0]}?tab=analytics`);
    await page.getByRole('heading', { level: 2, name: `Analytics of ${name}` }).waitFor();
    await context.close();
  });

  it('the account Analytics tab shows Last Scan on one line at common widths', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, await seedUser());
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Scanned '));
    expect((await page.request.get(`/r/${code.slug}`, { maxRedirects: 0, headers: { 'user-agent': PHONE } })).status()).toBe(302);
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto('/account?tab=analytics');
      const group = page.getByRole('group', { name: 'Last Scan' });
      await group.waitFor();
      if (!(await group.innerText()).includes('Never')) break;
      if (Date.now() > deadline) throw new Error('the scan did not reach the account analytics within 20s');
      await page.waitForTimeout(500);
    }
    for (const width of [390, 640, 768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(100);
      const lines = await linesOf(page, '[role="group"][aria-label="Last Scan"] p');
      expect({ width, lines }).toEqual({ width, lines: lines.map(() => 1) });
      // ... and inside its box.
      const group = page.getByRole('group', { name: 'Last Scan' });
      expect(await group.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    }
    await context.close();
  });

  it("at 390 px the dashboard's tab bar fits the screen", async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, await seedUser());
    await subscribeWithTestCard(page);
    await page.goto('/dashboard');
    const tabs = page.getByRole('tablist').first();
    await tabs.getByRole('tab', { name: /Recent Activity/ }).waitFor();
    const widths = await tabs.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth, right: element.getBoundingClientRect().right }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(widths.right).toBeLessThanOrEqual(390);
    for (const name of [/All QR Codes/, /Analytics/, /Recent Activity/]) {
      const box = await tabs.getByRole('tab', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });

  it('a wrong login is said at the form itself, not only in a toast', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth?tab=login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Sign In' }) });
    await form.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await context.close();
  });

  it('the welcome toast after signing up names the product', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const username = uniqueName('welcome');
    await page.goto('/auth?tab=signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass-123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText('Welcome to QR Dynamic!', { exact: false }).first().waitFor();
    expect(await page.getByText('Welcome to the product', { exact: false }).count()).toBe(0);
    await context.close();
  });
});
