import { Browser, Page } from 'playwright-core';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, sql, uniqueName } from './support/e2e';

/** Signup with payment and the Subscription tab, in Chromium through nginx, on the test provider. */
describe('billing in the browser (test provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function signUp(page: Page, card: string): Promise<{ username: string; email: string }> {
    const username = uniqueName('buyer');
    const email = `${username}@example.com`;
    await page.goto('/auth?tab=signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass-123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();

    await page.getByRole('heading', { name: 'Complete Your Purchase' }).waitFor();
    await page.getByText('Test mode — no real charges').first().waitFor();
    await page.getByLabel('Card number').fill(card);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $3.49' }).click();
    return { username, email };
  }

  it('signs up with 4242 4242 4242 4242 and lands on /dashboard', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email } = await signUp(page, '4242 4242 4242 4242');
    await page.waitForURL('**/dashboard');
    await page.getByText('Account created!').first().waitFor();
    await screenshot(page, 'billing-signup-paid');
    expect(await sql('SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(1);
    await context.close();
  });

  it("signs up with 4000 0000 0000 0002, sees 'Payment Failed', and no account exists", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const { email } = await signUp(page, '4000 0000 0000 0002');
    await page.getByText('Payment Failed').first().waitFor();
    await page.getByText('Your card was declined.').first().waitFor();
    await screenshot(page, 'billing-signup-declined');
    expect(page.url()).toContain('/auth');
    expect(await sql('SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(0);
    await context.close();
  });

  it('cancels and resumes from /account', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUp(page, '4242 4242 4242 4242');
    await page.waitForURL('**/dashboard');

    await page.goto('/account?tab=subscription');
    await page.getByText('Visa ending in 4242').waitFor();
    await page.getByText('Next billing date').waitFor();
    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText('Your subscription is cancelled and ends on').waitFor();
    await page.getByText('Ends on').first().waitFor();
    await screenshot(page, 'billing-account-cancelled');

    await page.getByRole('button', { name: 'Manage Subscription' }).click();
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await page.getByText('Next billing date').waitFor();
    expect(await page.getByText('Your subscription is cancelled and ends on').count()).toBe(0);
    await context.close();
  });

  it('/subscribe: a signed-in user pays with 4000 0025 0000 3155 after the authentication step', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, await seedUser());
    await page.goto('/subscribe');
    await page.getByRole('tab', { name: 'Annual' }).click();
    await page.getByText('$34.90 per QR code per year').waitFor();
    await page.getByLabel('Card number').fill('4000 0025 0000 3155');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $34.90' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/account?tab=subscription');
    await page.getByText('Annual plan, billed per QR code').waitFor();
    await page.getByText('Visa ending in 3155').waitFor();
    await context.close();
  });

  it('past_due: a failed renewal shows the banner, a new card clears it', async () => {
    const admin = await newContext(browser);
    const adminPage = await admin.newPage();
    await logIn(adminPage, await seedUser({ role: 'admin' }));

    const context = await newContext(browser);
    const page = await context.newPage();
    await signUp(page, '4000 0000 0000 0341');
    await page.waitForURL('**/dashboard');
    // The operator's clock, as an admin moves it (a state-changing request names our origin).
    const moved = await adminPage.request.post('/api/admin/billing/advance-clock', {
      data: { days: 32 },
      headers: { origin: e2eState().baseUrl },
    });
    expect(moved.status()).toBe(200);

    await page.goto('/account?tab=subscription');
    await page.getByText('Your last payment failed.').waitFor();
    await page.getByText('past_due').first().waitFor();
    await screenshot(page, 'billing-past-due');
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry').fill('12 / 34');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await page.getByText('Visa ending in 4242', { exact: true }).waitFor();
    await page.getByText('Active', { exact: true }).waitFor();
    expect(await page.getByText('Your last payment failed.').count()).toBe(0);
    await admin.close();
    await context.close();
  });
});
