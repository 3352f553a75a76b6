import AxeBuilder from '@axe-core/playwright';
import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, seedUser } from './support/e2e';

/** Each main page, after its content has loaded, has no serious or critical axe violations. */
describe('accessibility of the main pages (axe-core in Chromium)', () => {
  let browser: Browser;
  let page: Page;
  let codeId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await seedUser({ role: 'admin' });
    const context = await newContext(browser);
    page = await context.newPage();
    await logIn(page, admin);
    await subscribeWithTestCard(page);
    codeId = (await createCode(page, 'Accessible code')).id;
  });
  afterAll(() => browser.close());

  async function violationsOf(path: string, ready: (page: Page) => Promise<unknown>) {
    await page.goto(path);
    await ready(page);
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  const pages: [string, () => string, (page: Page) => Promise<unknown>][] = [
    ['/', () => '/', (p) => p.locator('#faq').getByRole('button').first().waitFor()],
    ['/dashboard', () => '/dashboard', (p) => p.getByText('Accessible code').first().waitFor()],
    ['/create-qr', () => '/create-qr', (p) => p.getByLabel(/Name/).first().waitFor()],
    ['/edit-qr/{id}', () => `/edit-qr/${codeId}`, (p) => p.getByText('Your QR Code is Ready!').waitFor()],
    ['/account', () => '/account', (p) => p.getByRole('tab', { name: 'Profile' }).waitFor()],
    ['/admin', () => '/admin', (p) => p.getByRole('heading', { name: 'Admin', exact: true }).waitFor()],
  ];

  it.each(pages)('%s has no serious or critical violations', async (_name, path, ready) => {
    expect(await violationsOf(path(), ready)).toEqual([]);
  });

  it('/auth has no serious or critical violations', async () => {
    const context = await newContext(browser);
    const visitor = await context.newPage();
    await visitor.goto('/auth');
    await visitor.getByRole('tab', { name: 'Log In' }).waitFor();
    const result = await new AxeBuilder({ page: visitor }).analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
    await context.close();
  });
});
