import { Browser, BrowserContext, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser } from './support/e2e';

/**
 * Screenshots of each main page in light and dark, at desktop width and at 390 px, saved under
 * test-output/e2e/screenshots for people to look at; each is taken once the page shows its content.
 */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

describe('screenshots of the main pages', () => {
  let browser: Browser;
  let admin: Awaited<ReturnType<typeof seedUser>>;
  let codeId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await seedUser({ role: 'admin' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, admin);
    await subscribeWithTestCard(page);
    codeId = (await createCode(page, 'Window poster')).id;
    await context.close();
  });
  afterAll(() => browser.close());

  const PAGES: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['landing', () => '/', (p) => p.locator('#faq').getByRole('button').first().waitFor()],
    ['auth', () => '/auth?tab=signup', (p) => p.getByRole('button', { name: 'Continue to Payment' }).waitFor()],
    ['dashboard', () => '/dashboard', (p) => p.getByText('Window poster').first().waitFor()],
    ['create-qr', () => '/create-qr', (p) => p.getByLabel(/Name/).first().waitFor()],
    ['edit-qr', () => `/edit-qr/${codeId}`, (p) => p.getByText('Your QR Code is Ready!').waitFor()],
    ['account', () => '/account', (p) => p.getByRole('tab', { name: 'Profile' }).waitFor()],
    ['admin', () => '/admin', (p) => p.getByRole('heading', { name: 'Admin', exact: true }).waitFor()],
    ['contact', () => '/contact', (p) => p.getByRole('button', { name: 'Send message' }).waitFor()],
  ];

  for (const viewport of VIEWPORTS) {
    for (const scheme of SCHEMES) {
      it(`${viewport.name}, ${scheme}`, async () => {
        const context: BrowserContext = await newContext(browser, { ...viewport, colorScheme: scheme });
        const page = await context.newPage();
        await logIn(page, admin);
        for (const [name, path, ready] of PAGES) {
          // The sign-up screen is for visitors: show it signed out.
          if (name === 'auth') continue;
          await page.goto(path());
          await ready(page);
          const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
          expect(dark).toBe(scheme === 'dark');
          await screenshot(page, `${name}-${viewport.name}-${scheme}`);
        }
        const visitor = await (await newContext(browser, { ...viewport, colorScheme: scheme })).newPage();
        await visitor.goto('/auth?tab=signup');
        await PAGES[1][2](visitor);
        await screenshot(visitor, `auth-${viewport.name}-${scheme}`);
        await visitor.context().close();
        await context.close();
      });
    }
  }
});
