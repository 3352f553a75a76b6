import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

/** The main screens; {id} is a real code of the signed-in account. */
const VISITOR_PAGES = ['/', '/auth', '/about', '/contact', '/privacy', '/terms', '/no-such-page'];
const SIGNED_IN_PAGES = ['/dashboard', '/create-qr', '/edit-qr/{id}', '/subscribe', '/account', '/onboarding', '/admin'];

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

function fileName(path: string): string {
  return path === '/' ? 'home' : path.replace('{id}', 'id').replace(/^\//, '').replace(/\W+/g, '-');
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.getByText('Loading...', { exact: true }).waitFor({ state: 'hidden' });
  await page.waitForTimeout(400);
}

/** What sticks out sideways: the page itself, and any tab bar or card wider than its box. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('[role="tablist"], [role="tab"], [role="group"]'))) {
      if (element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.getAttribute('role')} "${element.textContent?.trim().slice(0, 40)}" ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });
}

/** Saved under test-output/e2e/screenshots as page-{name}-{desktop|mobile}-{light|dark}.png. */
describe('screenshots of every main page, light and dark, desktop and 390 px', () => {
  let browser: Browser;
  let codeId: string;
  let admin: { username: string; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await seedUser({ role: 'admin' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, admin);
    await subscribeWithTestCard(page);
    codeId = (await createCode(page, uniqueName('Window poster '), 'https://example.com/spring-sale')).id;
    await context.close();
  });
  afterAll(() => browser.close());

  for (const viewport of VIEWPORTS) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`${viewport.name} ${colorScheme}`, async () => {
        const options = { width: viewport.width, height: viewport.height, colorScheme };
        const visitor = await newContext(browser, options);
        const visitorPage = await visitor.newPage();
        for (const path of VISITOR_PAGES) {
          await visitorPage.goto(path);
          await settle(visitorPage);
          await screenshot(visitorPage, `page-${fileName(path)}-${viewport.name}-${colorScheme}`);
          expect({ path, overflowing: await overflowing(visitorPage) }).toEqual({ path, overflowing: [] });
        }
        await visitor.close();

        const signedIn = await newContext(browser, options);
        const page = await signedIn.newPage();
        await logIn(page, admin);
        for (const path of SIGNED_IN_PAGES) {
          await page.goto(path.replace('{id}', codeId));
          await settle(page);
          expect(new URL(page.url()).pathname).toBe(path.replace('{id}', codeId));
          await screenshot(page, `page-${fileName(path)}-${viewport.name}-${colorScheme}`);
          expect({ path, overflowing: await overflowing(page) }).toEqual({ path, overflowing: [] });
        }
        await signedIn.close();
      });
    }
  }
});
