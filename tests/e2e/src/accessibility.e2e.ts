import { Browser, BrowserContext, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, seedUser, sql, uniqueName } from './support/e2e';
import { blockingViolations, PUBLIC_SCREENS, SIGNED_IN_SCREENS } from './support/screens';

/** Waits until the screen has loaded its data (no spinner, no pending requests). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading...', { exact: true }).waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Let enter animations (dialogs, tabs) finish so colours are final.
  await page.waitForTimeout(300);
}

describe('accessibility (axe-core in Chromium)', () => {
  let browser: Browser;
  let codeId: string;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    // An admin with a subscription and a code, so every screen has real content.
    admin = await seedUser({ role: 'admin' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, admin);
    await subscribeWithTestCard(page);
    codeId = (await createCode(page, uniqueName('Axe menu '))).id;
    await context.close();
    // Newest accounts come first in /admin: one active and one suspended, so both actions are checked.
    await seedUser();
    const suspended = await seedUser();
    await sql("UPDATE auth.users SET status = 'suspended' WHERE id = $1", [suspended.id]);
  });
  afterAll(() => browser.close());

  for (const colorScheme of ['light', 'dark'] as const) {
    describe(`${colorScheme} theme`, () => {
      let signedIn: BrowserContext;
      let visitor: BrowserContext;
      beforeAll(async () => {
        visitor = await newContext(browser, { colorScheme });
        signedIn = await newContext(browser, { colorScheme });
        await logIn(await signedIn.newPage(), admin);
      });
      afterAll(async () => {
        await Promise.all([visitor.close(), signedIn.close()]);
      });

      /** The pass really runs in this theme: the app follows the browser's preference. */
      async function expectTheme(page: Page): Promise<void> {
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
      }

      it.each(PUBLIC_SCREENS)('%s has no serious or critical violations', async (path) => {
        const page = await visitor.newPage();
        await page.goto(path.replace('{id}', codeId));
        await settle(page);
        await expectTheme(page);
        expect(await blockingViolations(page)).toEqual([]);
        await page.close();
      });

      it.each(SIGNED_IN_SCREENS)(
        '%s has no serious or critical violations',
        async (path) => {
          const page = await signedIn.newPage();
          await page.goto(path.replace('{id}', codeId));
          await settle(page);
          const url = new URL(page.url());
          const [wantedPath, wantedQuery] = path.replace('{id}', codeId).split('?');
          expect(url.pathname).toBe(wantedPath);
          if (wantedQuery) expect(url.search).toBe(`?${wantedQuery}`);
          await expectTheme(page);
          expect(await blockingViolations(page)).toEqual([]);
          await page.close();
        },
      );
    });
  }
});
