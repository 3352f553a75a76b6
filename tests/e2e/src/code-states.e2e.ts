import { Browser, Page } from 'playwright-core';
import { apiPost, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

interface Created {
  id: string;
  slug: string;
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A phone scanning the code (a person: the scan counts toward a limit), until it answers `status`. */
async function scanUntil(page: Page, slug: string, status: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await page.request.get(`/r/${slug}`, { maxRedirects: 0, headers: { 'user-agent': IPHONE } })).status();
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`/r/${slug} answered ${last}, not ${status}, within ${timeoutMs / 1000}s`);
}

describe('what a scan meets, shown on the dashboard and the code page, in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows a used-up and an expired code as such, with why, and filters by it', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    // One seat comes with the subscription; each further code buys one more first.
    const buySeat = () => apiPost(page, '/api/purchase-qr-code', { name: 'another code', price: 3.49 });

    const plainName = uniqueName('Plain ');
    await apiPost(page, '/api/qrcodes', { name: plainName, destinationUrl: 'https://example.com/plain' });
    await buySeat();
    const limitedName = uniqueName('One scan ');
    const limited = (await (
      await apiPost(page, '/api/qrcodes', { name: limitedName, destinationUrl: 'https://example.com/once', campaign: { scanLimit: 1 } })
    ).json()) as Created;
    await buySeat();
    const endsAt = new Date(Date.now() + 3000);
    const endingName = uniqueName('Ending ');
    const ending = (await (
      await apiPost(page, '/api/qrcodes', { name: endingName, destinationUrl: 'https://example.com/ending', campaign: { expiresAt: endsAt.toISOString() } })
    ).json()) as Created;

    // The one scan the limit allows, then the expired page; the end date passes.
    await scanUntil(page, limited.slug, 302);
    await scanUntil(page, limited.slug, 410);
    await scanUntil(page, ending.slug, 410);

    await page.goto('/dashboard');
    const limitedCard = page.getByRole('article', { name: limitedName });
    await limitedCard.getByText('Limit reached', { exact: true }).waitFor();
    await limitedCard.getByText('Scan limit of 1 reached').waitFor();
    const endingCard = page.getByRole('article', { name: endingName });
    await endingCard.getByText('Expired', { exact: true }).waitFor();
    await endingCard.getByText(/^Expired on /).waitFor();
    await page.getByRole('article', { name: plainName }).getByText('Active', { exact: true }).waitFor();
    expect(await limitedCard.getByText('Active', { exact: true }).count()).toBe(0);
    await screenshot(page, 'code-states-dashboard');

    // The state filter, answered by the server.
    await page.getByLabel('State').selectOption('scan_limit_reached');
    await page.getByText('1 QR code', { exact: true }).waitFor();
    await limitedCard.waitFor();
    await page.getByLabel('State').selectOption('expired');
    await page.getByText('1 QR code', { exact: true }).waitFor();
    await endingCard.waitFor();
    await page.getByLabel('State').selectOption('active');
    await page.getByText('1 QR code', { exact: true }).waitFor();
    await page.getByRole('article', { name: plainName }).waitFor();

    // The code page says it too, with what scanners see.
    await page.goto(`/edit-qr/${limited.id}`);
    await page.getByText('Limit reached', { exact: true }).first().waitFor();
    await page.getByText('Scan limit of 1 reached: scans show an "expired" page.').waitFor();
    await screenshot(page, 'code-states-preview');
    await context.close();
  });

  it('a start date set in the Campaign tab shows the code as Scheduled, with when, and scans meet the "not live yet" page', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const name = uniqueName('Launch poster ');
    const code = (await (await apiPost(page, '/api/qrcodes', { name, destinationUrl: 'https://example.com/launch' })).json()) as Created;

    // Next year, June 1st at 10:00 local time.
    const year = new Date().getFullYear() + 1;
    await page.goto(`/edit-qr/${code.id}?tab=campaign`);
    await page.getByLabel('Starts at').fill(`${year}-06-01T10:00`);
    await page.getByRole('button', { name: 'Save campaign' }).click();
    await page.getByText('Campaign Saved').first().waitFor();

    // Scanners meet the "not live yet" page, not the destination.
    const scanned = await page.request.get(`/r/${code.slug}`, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
    expect(scanned.status()).toBe(403);
    expect(await scanned.text()).toContain('This QR code is not live yet');

    await page.goto('/dashboard');
    const card = page.getByRole('article', { name });
    await card.getByText('Scheduled', { exact: true }).waitFor();
    await card.getByText(`Starts on Jun 1, ${year}, 10:00 AM`).waitFor();
    expect(await card.getByText('Active', { exact: true }).count()).toBe(0);
    await page.getByLabel('State').selectOption('scheduled');
    await page.getByText('1 QR code', { exact: true }).waitFor();
    await card.waitFor();

    await page.goto(`/edit-qr/${code.id}`);
    await page.getByText(`Starts on Jun 1, ${year}, 10:00 AM: scans show a "not live yet" page.`).waitFor();
    await screenshot(page, 'code-states-scheduled');
    await context.close();
  });
});
