import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard, waitForRedirectStatus } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

/** Opens /admin and narrows both user tables to one account. */
async function openAdminFor(page: Page, username: string): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
  await page.getByRole('searchbox', { name: /Search users/ }).fill(username);
  await page.getByRole('table', { name: 'User management' }).getByText(username, { exact: true }).waitFor();
}

async function tryLogIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('the back office in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a non-admin from /admin to /dashboard with a toast, without asking for admin data', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    const adminCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/admin/')) adminCalls.push(request.url());
    });
    await logIn(page, user);

    await page.goto('/admin');
    await page.getByText('Access Denied', { exact: true }).waitFor();
    await page.getByText("You don't have permission to view this page", { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(adminCalls).toEqual([]);
    // The server refuses the admin data to this session too.
    expect((await page.request.get('/api/admin/users')).status()).toBe(403);
    await context.close();
  });

  it('lets an admin suspend a user, whose login then fails and whose code stops redirecting, and reactivate them', async () => {
    const customer = await seedUser();
    const customerContext = await newContext(browser);
    const customerPage = await customerContext.newPage();
    await logIn(customerPage, customer);
    await subscribeWithTestCard(customerPage);
    const code = await createCode(customerPage, uniqueName('Menu '), 'https://example.com/menu');
    await waitForRedirectStatus(customerPage, code.slug, 302);

    const admin = await seedUser({ role: 'admin' });
    const adminContext = await newContext(browser);
    const page = await adminContext.newPage();
    await logIn(page, admin);
    await openAdminFor(page, customer.username);
    const row = page.getByRole('table', { name: 'User management' }).getByRole('row').filter({ hasText: customer.username });
    const accounts = page.getByRole('table', { name: 'All user accounts' }).getByRole('row').filter({ hasText: customer.username });
    // The customer's code and plan show in the accounts table.
    await accounts.getByText('Monthly · 1 code').waitFor();

    await row.getByRole('button', { name: `Suspend ${customer.username}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Suspend ${customer.username}?`).waitFor();
    await screenshot(page, 'admin-suspend-confirmation');
    await dialog.getByRole('button', { name: 'Suspend User' }).click();
    await page.getByText('User Suspended', { exact: true }).waitFor();
    await page.getByText('User account has been suspended successfully.', { exact: true }).waitFor();
    await row.getByText('Suspended', { exact: true }).waitFor();

    // Suspension ended the customer's session, refuses a new login and stops the code.
    expect((await customerPage.request.get('/api/auth/user')).status()).toBe(401);
    const retryContext = await newContext(browser);
    const retry = await retryContext.newPage();
    await tryLogIn(retry, customer);
    await retry.getByText('Your account has been suspended').first().waitFor();
    expect(new URL(retry.url()).pathname).toBe('/auth');
    await waitForRedirectStatus(retry, code.slug, 410);
    expect(await (await retry.request.get(`/r/${code.slug}`, { maxRedirects: 0 })).text()).toContain('This QR code is not active');

    await row.getByRole('button', { name: `Activate ${customer.username}` }).click();
    await dialog.getByRole('button', { name: 'Activate User' }).click();
    await page.getByText('User Activated', { exact: true }).waitFor();
    await page.getByText('User account has been activated successfully.', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Suspend ${customer.username}` }).waitFor();

    await logIn(retry, customer);
    await waitForRedirectStatus(retry, code.slug, 302);
    await Promise.all([customerContext.close(), adminContext.close(), retryContext.close()]);
  });

  it('lets a superadmin change a role, and an admin see the change without being able to make it', async () => {
    const user = await seedUser();
    const superadmin = await seedUser({ role: 'superadmin' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, superadmin);
    await openAdminFor(page, user.username);
    await page.getByRole('combobox', { name: `Role of ${user.username}` }).selectOption('admin');
    await page.getByRole('dialog').getByRole('button', { name: 'Change Role' }).click();
    await page.getByText('Role Updated', { exact: true }).waitFor();
    await page
      .getByRole('table', { name: 'All user accounts' })
      .getByRole('row')
      .filter({ hasText: user.username })
      .getByText('Admin', { exact: true })
      .waitFor();

    // The new admin signs in and reaches /admin, where roles are read-only for them.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await logIn(adminPage, user);
    await openAdminFor(adminPage, superadmin.username);
    // No role to choose (the page's one select is the language switcher in the footer).
    expect(await adminPage.getByRole('combobox', { name: /^Role of / }).count()).toBe(0);
    await Promise.all([context.close(), adminContext.close()]);
  });

  it('shows page views of the site in the admin map, ids folded', async () => {
    const admin = await seedUser({ role: 'admin' });
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, admin);
    const before = (await (await page.request.get('/api/admin/page-visits')).json()) as Record<string, number>;

    const visitorContext = await newContext(browser);
    const visitor = await visitorContext.newPage();
    for (const path of ['/terms', '/about', '/terms']) {
      await visitor.goto(path);
      await visitor.getByRole('heading', { level: 1 }).waitFor();
    }
    // Client-side navigation counts too: one view per page arrived at.
    await visitor.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await visitor.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
    // Two different codes' edit pages are one page (the visitor is then sent to log in).
    await visitor.goto('/edit-qr/0d3e2c1b-1111-4222-8333-444455556666');
    await visitor.waitForURL('**/auth**');
    await visitor.goto('/edit-qr/0d3e2c1b-aaaa-4bbb-8ccc-ddddeeeeffff');
    await visitor.waitForURL('**/auth**');

    const expected: Record<string, number> = {
      '/terms': (before['/terms'] ?? 0) + 2,
      '/about': (before['/about'] ?? 0) + 1,
      '/privacy': (before['/privacy'] ?? 0) + 1,
      '/edit-qr/:id': (before['/edit-qr/:id'] ?? 0) + 2,
    };
    const views = page.getByRole('table', { name: 'Page views per page' });
    // Fire-and-forget reports: poll the admin page until they have all landed.
    const deadline = Date.now() + 10_000;
    let shown: Record<string, number> = {};
    while (Date.now() < deadline) {
      await page.goto('/admin');
      await views.waitFor();
      shown = {};
      for (const path of Object.keys(expected)) {
        const cells = await views.getByRole('row').filter({ has: page.getByRole('cell', { name: path, exact: true }) }).getByRole('cell').allTextContents();
        shown[path] = Number((cells[1] ?? '0').replace(/,/g, ''));
      }
      if (Object.keys(expected).every((path) => shown[path] === expected[path])) break;
      await page.waitForTimeout(300);
    }
    expect(shown).toEqual(expected);
    await page.getByText('Total page views').waitFor();
    await screenshot(page, 'admin-page-views');
    await Promise.all([context.close(), visitorContext.close()]);
  });
});
