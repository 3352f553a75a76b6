import { Browser } from 'playwright-core';
import { decodeQuotedPrintable, launchBrowser, mailsTo, newContext, screenshot, uniqueName } from './support/e2e';

/** Where the gateway sends contact messages in the browser tests (CONTACT_EMAIL of global-setup). */
const OPERATOR = 'support@qrdynamic.test';

async function waitForMailContaining(address: string, marker: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mailsTo(address).map((mail) => decodeQuotedPrintable(mail.raw)).find((raw) => raw.includes(marker));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${address} containing ${marker} within ${timeoutMs / 1000}s`);
}

describe('the footer pages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends the contact form to the operator by mail, after checking it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/contact');
    await page.waitForFunction((expected) => document.title === expected, 'Contact | QR Dynamic');

    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Message must be at least 10 characters').waitFor();

    const marker = uniqueName('question-');
    const sender = `${uniqueName('visitor')}@example.com`;
    await page.getByLabel('Name').fill('Grace Visitor');
    await page.getByLabel('Email').fill(sender);
    await page.getByLabel('Message').fill(`Do annual plans renew automatically? (${marker})`);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByRole('heading', { name: 'Message sent' }).waitFor();
    await page.getByText(`We will answer at ${sender}.`).waitFor();
    await screenshot(page, 'contact-sent');

    const mail = await waitForMailContaining(OPERATOR, marker);
    expect(mail).toContain('Grace Visitor');
    expect(mail).toContain(sender);
    await context.close();
  });

  it('says so with a toast when the message cannot be sent', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    // The gateway is up; this request alone is made to fail, as a network error would.
    await page.route('**/api/contact', (route) => route.abort('failed'));
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Grace Visitor');
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Message').fill('Hello, is anyone there?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Failed to send message', { exact: true }).waitFor();
    await page.getByText('Please try again later.', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Message sent' }).count()).toBe(0);
    await context.close();
  });

  it('has real About, Privacy and Terms pages, each with its own title and description', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const pages = [
      { path: '/about', heading: 'About QR Dynamic', title: 'About | QR Dynamic', text: /priced per code/ },
      { path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy | QR Dynamic', text: /Raw IP addresses are never stored/ },
      { path: '/terms', heading: 'Terms of Service', title: 'Terms of Service | QR Dynamic', text: /This QR code is not active/ },
    ];
    const descriptions = new Set<string>();
    for (const { path, heading, title, text } of pages) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.getByText(text).first().waitFor();
      await page.waitForFunction((expected) => document.title === expected, title);
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
    }
    expect(descriptions.size).toBe(pages.length);
    await page.goto('/privacy');
    await page.getByText(/daily|every day/).first().waitFor();
    await page.getByText(/Stripe receives/).waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(`© ${new Date().getFullYear()} QR Dynamic`).waitFor();
    await context.close();
  });
});
