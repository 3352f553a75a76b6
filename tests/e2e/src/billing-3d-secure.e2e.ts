import { Browser, Page } from 'playwright-core';
import { createCode } from './support/codes';
import { launchBrowser, newContext, screenshot, sql, uniqueName } from './support/e2e';

const ALWAYS_AUTHENTICATES = '4000 0027 6000 3184';

/**
 * Stripe's card 4000 0027 6000 3184 asks the bank's 3-D Secure step on every payment: at signup,
 * for a seat bought and for a plan switched. Each finishes after the customer authenticates.
 */
describe('3-D Secure in the browser (test provider)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function signUp(page: Page): Promise<string> {
    const username = uniqueName('secure');
    const email = `${username}@example.com`;
    await page.goto('/auth?tab=signup');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Secret-pass-123');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await page.getByLabel('Card number').fill(ALWAYS_AUTHENTICATES);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $3.49' }).click();
    await page.getByRole('dialog', { name: 'Authenticate this payment' }).waitFor();
    await screenshot(page, 'billing-3ds-signup-challenge');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL('**/dashboard');
    return email;
  }

  async function seatsOf(page: Page): Promise<number> {
    return ((await (await page.request.get('/api/subscription')).json()) as { seats: number }).seats;
  }

  async function buySecondCode(page: Page, name: string): Promise<void> {
    await page.goto('/create-qr');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Destination URL').fill('https://example.com/flyer');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByRole('dialog', { name: 'Add another QR code?' }).getByRole('button', { name: 'Confirm and create' }).click();
    await page.getByRole('dialog', { name: 'Authenticate this payment' }).waitFor();
  }

  it('signs up with the 3-D Secure card: the account exists once the payment is authenticated', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = await signUp(page);
    expect(await sql('SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(1);
    await page.goto('/account?tab=subscription');
    await page.getByText('Visa ending in 3184').waitFor();
    await context.close();
  });

  it('a seat bought with the 3-D Secure card is added after the authentication, and the code is created', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUp(page);
    await createCode(page, uniqueName('Menu '));
    expect(await seatsOf(page)).toBe(1);

    const name = uniqueName('Flyer ');
    await buySecondCode(page, name);
    await screenshot(page, 'billing-3ds-seat-challenge');
    // Nothing is bought before the customer answers the bank.
    expect(await seatsOf(page)).toBe(1);
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('QR Code Purchase Confirmed').first().waitFor();
    await page.waitForURL(/\/edit-qr\//);
    expect(await seatsOf(page)).toBe(2);
    expect(await page.getByText('Payment Failed').count()).toBe(0);
    await context.close();
  });

  it('a failed authentication buys nothing and says why', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUp(page);
    await createCode(page, uniqueName('Menu '));
    await buySecondCode(page, uniqueName('Flyer '));
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.getByText('We are unable to authenticate your payment method.', { exact: false }).first().waitFor();
    expect(page.url()).toContain('/create-qr');
    expect(await seatsOf(page)).toBe(1);
    await context.close();
  });

  it('a switch of plan with the 3-D Secure card takes effect after the authentication', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signUp(page);
    await page.goto('/account?tab=subscription');
    await page.getByText('Monthly plan, billed per QR code').waitFor();
    await page.getByRole('button', { name: 'Switch to annual billing' }).click();
    await page.getByRole('dialog', { name: 'Switch to annual billing' }).getByRole('button', { name: /^Switch now and pay / }).click();
    await page.getByRole('dialog', { name: 'Authenticate this payment' }).waitFor();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.getByText('Annual plan, billed per QR code').waitFor();
    await context.close();
  });
});
