import { Browser } from 'playwright-core';
import { decodeQuotedPrintable, launchBrowser, logIn, newContext, screenshot, seedUser, waitForMail } from './support/e2e';

describe('password reset by email in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('requests a link, opens it from the received mail, sets a new password and logs in with it', async () => {
    const user = await seedUser({ password: 'Old-password-1' });
    const context = await newContext(browser);
    const page = await context.newPage();

    await page.goto('/auth?tab=login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/reset-password-request');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your email').waitFor();
    await page.getByText(user.email).waitFor();

    const mail = await waitForMail(user.email);
    const link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
    expect(link).toBeDefined();
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);

    await page.goto(link!);
    await page.getByLabel('New Password', { exact: true }).fill('New-password-2');
    await page.getByLabel('Confirm New Password').fill('New-password-2');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset complete').waitFor();
    await screenshot(page, 'password-reset-complete');

    // The link works once only.
    await page.goto(link!);
    await page.getByText('Reset link invalid').waitFor();

    await logIn(page, { username: user.username, password: 'New-password-2' });
    await page.getByRole('button', { name: 'Open account menu' }).waitFor();
    await context.close();
  });
});
