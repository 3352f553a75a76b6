import { Browser, Page } from 'playwright-core';
import { e2eState, launchBrowser, newContext, screenshot } from './support/e2e';

/**
 * Polls an expression in the page until it is true. (waitForFunction evaluates with eval, which the
 * site's Content-Security-Policy rightly forbids; a string because this file has no DOM types.)
 */
async function until(page: Page, expression: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
    await page.waitForTimeout(50);
  }
}

describe('the landing page in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the per-code price in Monthly and Annual tabs, Monthly first', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/#pricing');
    const pricing = page.locator('#pricing');
    const monthly = pricing.getByRole('tab', { name: 'Monthly' });
    const annual = pricing.getByRole('tab', { name: 'Annual' });
    expect(await monthly.getAttribute('aria-selected')).toBe('true');
    const panel = pricing.getByRole('tabpanel');
    await panel.getByText('$3.49').waitFor();
    await panel.getByText('per code per month').waitFor();
    await panel.getByText(/Billed monthly/).waitFor();
    expect(await panel.getByText('2 MONTHS FREE').count()).toBe(0);

    await annual.click();
    expect(await annual.getAttribute('aria-selected')).toBe('true');
    await panel.getByText('$34.90').waitFor();
    await panel.getByText('per code per year').waitFor();
    await panel.getByText('2 MONTHS FREE').waitFor();
    await panel.getByText(/Billed annually/).waitFor();
    expect(await panel.getByText('$3.49').count()).toBe(0);
    await screenshot(page, 'landing-pricing-annual');

    // Keyboard: arrows move between the tabs.
    await annual.focus();
    await page.keyboard.press('ArrowLeft');
    // The tab is selected once the browser has handled the key: wait for it rather than assume it.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Monthly' }).waitFor({ timeout: 5000 });
    expect(await monthly.getAttribute('aria-selected')).toBe('true');

    await panel.getByRole('link', { name: 'Get Started Today' }).click();
    await page.waitForURL('**/auth?tab=signup');
    await context.close();
  });

  it('opens one FAQ answer at a time, and says what happens when a subscription ends', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/#faq');
    const faq = page.locator('#faq');
    const questions = faq.getByRole('button');
    await questions.first().waitFor();
    expect(await questions.count()).toBe(5);
    const first = faq.getByRole('button', { name: 'What is a dynamic QR code?' });
    const ending = faq.getByRole('button', { name: 'What happens to my codes if my subscription ends?' });

    await first.click();
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await faq.getByText(/the printed code keeps working/).waitFor();

    await ending.click();
    expect(await ending.getAttribute('aria-expanded')).toBe('true');
    expect(await first.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.getByRole('region').count()).toBe(1);
    await faq.getByText(/This QR code is not active/).waitFor();
    await faq.getByText(/keep working during the grace period/).waitFor();
    await screenshot(page, 'landing-faq-open');

    // A second click closes it: none open.
    await ending.click();
    expect(await ending.getAttribute('aria-expanded')).toBe('false');
    expect(await faq.getByRole('region').count()).toBe(0);

    // Keyboard: Enter opens the focused question.
    await first.focus();
    await page.keyboard.press('Enter');
    expect(await first.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('makes no request outside the site and shows a demo code drawn by our renderer', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const outside: string[] = [];
    const origin = e2eState().baseUrl;
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) outside.push(request.url());
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    const demo = page.getByRole('img', { name: /Sample QR code/ });
    await demo.waitFor();
    expect(await demo.getAttribute('src')).toBe('/demo-qr.svg');
    expect(await demo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await page.getByText('Live & Active').waitFor();
    await page.getByText('124 this week').waitFor();
    await page.getByRole('link', { name: 'Get Started', exact: true }).waitFor();
    expect(outside).toEqual([]);
    await page.waitForFunction((expected) => document.title === expected, 'QR Dynamic | The Cheapest Dynamic QR Codes Online');
    await context.close();
  });

  it('scrolls to sections from other pages, and the brand link back to the top', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/about');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
    await until(page, "(() => { const top = document.getElementById('pricing')?.getBoundingClientRect().top ?? -1; return top >= 0 && top < 200; })()");
    await page.getByRole('banner').getByRole('link', { name: 'QR Dynamic' }).click();
    await until(page, 'window.scrollY === 0');
    await context.close();
  });

  it('has a working hamburger menu at 360 px, with no sideways scrolling', async () => {
    const context = await newContext(browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto('/');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const mobile = page.getByRole('navigation', { name: 'Mobile' });
    await mobile.getByRole('link', { name: 'FAQ' }).waitFor();
    await screenshot(page, 'landing-mobile-menu-open');
    await mobile.getByRole('link', { name: 'FAQ' }).click();
    await page.waitForURL((url) => url.hash === '#faq');
    await mobile.waitFor({ state: 'hidden', timeout: 2000 });
    await context.close();
  });
});
