import { Browser } from 'playwright-core';
import { decodeQuotedPrintable, launchBrowser, mailsTo, newContext, screenshot, sql, uniqueName, waitForMail } from './support/e2e';

/** A customer's first and last days: the checklist after signup, and deleting the account. */
describe('account lifecycle in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lands a new customer on the onboarding checklist, and deletes the account with the password', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const username = uniqueName('leaver');
    const email = `${username}@example.com`;
    const password = 'Secret-pass-123';

    await page.goto('/auth?tab=signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/dashboard');
    const checklist = page.getByRole('region', { name: 'Get started in three steps' });
    await checklist.waitFor();
    await checklist.getByText('of 3 steps completed').waitFor();
    await screenshot(page, 'lifecycle-onboarding');

    await page.goto('/account?tab=security');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByText('Your subscription is cancelled at once and will not renew.').waitFor();
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('Current password is incorrect').waitFor();
    expect(await sql('SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(1);

    await dialog.getByLabel('Your password').fill(password);
    await screenshot(page, 'lifecycle-delete-dialog');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByText('Account deleted').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await sql('SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(0);
    // The signup's receipt came first: wait for the deletion's own mail.
    await waitForMail(email);
    const deadline = Date.now() + 15_000;
    while (!mailsTo(email).some((m) => decodeQuotedPrintable(m.raw).includes('Subject: Your QR Dynamic account has been deleted'))) {
      if (Date.now() > deadline) throw new Error(`no deletion mail to ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Gone for good: the account page asks for a sign-in, and the old password opens nothing.
    await page.goto('/account');
    await page.waitForURL('**/auth**');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid username or password').first().waitFor();
    await context.close();
  });
});
