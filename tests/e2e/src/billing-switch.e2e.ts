import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import { launchBrowser, newContext, screenshot, uniqueName } from './support/e2e';

/** Monthly -> annual with the server's prorated amount, then the invoice PDF, at a phone's width. */
describe('switching plan and invoices in the browser (test provider, 390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function signUp(page: Page): Promise<void> {
    const username = uniqueName('switcher');
    await page.goto('/auth?tab=signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass-123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $3.49' }).click();
    await page.waitForURL('**/dashboard');
  }

  /** What sticks out past the viewport's right edge (nothing, at 390 px). */
  const overflow = (page: Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // The same pixel of tolerance as the elements below: a sub-pixel edge rounds the page's
      // scroll width up by one.
      if (document.documentElement.scrollWidth <= width + 1) return [];
      const style = getComputedStyle(document.body);
      const body = `body overflow=${style.overflow} padding-right=${style.paddingRight} margin-right=${style.marginRight} scrollWidth=${document.documentElement.scrollWidth} width=${width} inner=${window.innerWidth}`;
      const wide = Array.from(document.querySelectorAll('body *')).filter((element) => element.getBoundingClientRect().right > width + 1);
      // The innermost ones: what is too wide itself, not the containers it widens.
      return wide
        .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
        .sort((a, b) => b.getBoundingClientRect().right - a.getBoundingClientRect().right || (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? 1 : -1))
        .slice(0, 8)
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')} "${(element.textContent ?? '').trim().slice(0, 30)}" right ${Math.round(element.getBoundingClientRect().right)}`)
        .concat(body);
    });

  /**
   * What still sticks out once the layout has settled: a page under load may lay out once more
   * after an animation (the dialog's scroll lock), so a transient edge is looked at again for up to
   * 3 s; what stays too wide is reported.
   */
  async function settledOverflow(page: Page): Promise<string[]> {
    const until = Date.now() + 3000;
    for (;;) {
      const found = await overflow(page);
      if (found.length === 0 || Date.now() > until) return found;
      await page.waitForTimeout(200);
    }
  }

  it('shows the prorated amount, switches now, and downloads the invoice as a PDF', async () => {
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signUp(page);

    await page.goto('/account?tab=subscription');
    await page.getByText('Monthly plan, billed per QR code').waitFor();
    await page.getByRole('button', { name: 'Switch to annual billing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch to annual billing' });
    await dialog.getByText('$34.90 per QR code per year').waitFor();
    const now = dialog.getByRole('radio', { name: /^Now: \$\d+\.\d{2} due today/ });
    expect(await now.isChecked()).toBe(true);
    const confirm = dialog.getByRole('button', { name: /^Switch now and pay \$\d+\.\d{2}$/ });
    const due = (await confirm.innerText()).replace('Switch now and pay ', '').trim();
    expect(await now.getAttribute('value')).toBe('now');
    expect(await dialog.innerText()).toContain(`Now: ${due} due today`);
    expect(due).toMatch(/^\$3[01]\.\d{2}$/);
    // Measured once the dialog has finished opening (its entrance animation moves it).
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    expect(await settledOverflow(page)).toEqual([]);
    await screenshot(page, 'billing-switch-dialog-390');

    await confirm.click();
    await page.getByText('Annual plan, billed per QR code').waitFor();

    const invoices = page.getByRole('list', { name: 'Invoices' });
    await invoices.getByRole('listitem').nth(1).waitFor();
    const newest = invoices.getByRole('listitem').first();
    expect(await newest.innerText()).toContain('Plan change');
    // The invoice says what the dialog said would be charged (a cent less if seconds passed).
    const charged = Number((await newest.innerText()).match(/\$(\d+\.\d{2})/)?.[1]);
    expect(Math.abs(charged - Number(due.slice(1)))).toBeLessThanOrEqual(0.01);
    expect(await settledOverflow(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('link', { name: /^PDF of invoice / }).click()]);
    expect(download.suggestedFilename()).toMatch(/^invoice-QRD-\d{4}-\d{6}\.pdf$/);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'billing-invoices-390');
    await context.close();
  });
});
