import { Browser } from 'playwright-core';
import { launchBrowser, logIn, newContext, screenshot, seedUser } from './support/e2e';

describe('signing in through nginx in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('logs in at /auth, shows the avatar menu, and logs out', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/');
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.waitForURL('**/auth**');
    await logIn(page, user);

    const avatar = page.getByRole('button', { name: 'Open account menu' });
    await avatar.waitFor();
    await screenshot(page, 'signed-in-dashboard');
    await avatar.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Open account menu' }).count()).toBe(0);
    // The server ended the session: the current-user call is now refused.
    const me = await page.request.get('/api/auth/user');
    expect(me.status()).toBe(401);
    await context.close();
  });

  it('says why when the password is wrong', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth?tab=login');
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid username or password').first().waitFor();
    expect(page.url()).toContain('/auth');
    await context.close();
  });
});
