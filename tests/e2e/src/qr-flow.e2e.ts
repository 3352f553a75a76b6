import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Reads a QR code from a PNG file with jsQR (an independent decoder). */
async function decodePng(file: string): Promise<string | null> {
  const image = PNG.sync.read(await readFile(file));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** A phone following the short link (HEAD-less GET, a camera app's user agent), without following the redirect. */
async function scanLike(page: Page, slug: string): Promise<{ status: number; location: string | undefined }> {
  const response = await page.request.get(`/r/${slug}`, { maxRedirects: 0, headers: { 'user-agent': PHONE } });
  return { status: response.status(), location: response.headers().location };
}

describe('a QR code from creation to its first scan, in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates a code, downloads and decodes its PNG, changes its URL, scans it and sees the scan in its analytics', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);

    // Create from the dashboard.
    await page.goto('/dashboard');
    await page.getByText('No QR Codes Found').waitFor();
    await page.getByRole('link', { name: 'Create QR Code' }).first().click();
    await page.waitForURL('**/create-qr');
    const name = uniqueName('Table menu ');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Destination URL').fill('https://example.com/menu');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByText('QR Code Created', { exact: true }).first().waitFor();
    await page.waitForURL(/\/edit-qr\/[0-9a-f-]{36}/);
    const id = new URL(page.url()).pathname.split('/').pop() ?? '';
    await page.getByRole('heading', { name: 'Your QR Code is Ready!' }).waitFor();
    await page.getByRole('tab', { name: 'Preview & Download', selected: true }).waitFor();
    const shortUrl = (await page.getByLabel('Redirection URL (what the code contains)').textContent())?.trim() ?? '';
    expect(shortUrl).toMatch(/\/r\/[0-9A-Za-z]{7}$/);
    const slug = shortUrl.slice(-7);
    await page.getByRole('img', { name: `QR code for ${name}` }).waitFor();
    await screenshot(page, 'qr-edit-preview');

    // Download the PNG and read it back.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download QR Code' }).click()]);
    expect(download.suggestedFilename()).toBe(`qrcode-${id}.png`);
    const file = await download.path();
    expect(await decodePng(file)).toBe(shortUrl);
    await page.getByText('QR Code Downloaded').first().waitFor();

    // Change where it points; the printed code stays the same.
    await page.getByRole('tab', { name: 'Edit URL' }).click();
    await page.getByLabel('Destination URL').fill('https://example.com/dinner');
    await page.getByRole('button', { name: 'Update URL' }).click();
    await page.getByText('QR Code Updated').first().waitFor();
    await page.getByRole('link', { name: /https:\/\/example\.com\/dinner/ }).waitFor();

    // Scan it over HTTP, as a phone would.
    expect(await scanLike(page, slug)).toEqual({ status: 302, location: 'https://example.com/dinner' });

    // The scan shows in the code's analytics once the ingestor has stored it.
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto(`/edit-qr/${id}?tab=analytics`);
      const scans = page.getByRole('group', { name: 'Scans', exact: true });
      await scans.waitFor();
      if ((await scans.textContent())?.includes('1 all time')) break;
      if (Date.now() > deadline) throw new Error(`the scan did not appear: ${await scans.textContent()}`);
      await page.waitForTimeout(500);
    }
    await page.getByRole('group', { name: 'Bots and previews' }).getByText('0', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'Devices' }).getByText('Mobile').waitFor();
    await screenshot(page, 'qr-analytics');

    // Deactivated from the dashboard menu, the code answers the 410 page.
    await page.goto('/dashboard');
    await page.getByRole('article', { name }).waitFor();
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByText('QR Code Deactivated').first().waitFor();
    await page.getByRole('article', { name }).getByText('Deactivated', { exact: true }).waitFor();
    expect((await scanLike(page, slug)).status).toBe(410);
    await screenshot(page, 'qr-dashboard');
    await context.close();
  });

  it('designs a code with a live preview, buys a second code through the confirmation dialog, and shows real account figures', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const first = await createCode(page, uniqueName('Poster '), 'https://example.com/poster');

    // Design: a pale foreground is refused live, a dark blue with dots is saved and still decodes.
    await page.goto(`/edit-qr/${first.id}?tab=design`);
    await page.getByLabel('Foreground colour', { exact: true }).fill('#cccccc');
    await page.getByText(/too similar to scan reliably/).waitFor();
    await page.getByLabel('Foreground colour', { exact: true }).fill('#1a237e');
    await page.getByText('Dots', { exact: true }).click();
    await page.getByText('Preview of your changes (not saved yet).').waitFor();
    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('QR Code Updated').first().waitFor();
    await screenshot(page, 'qr-design-editor');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('tab', { name: 'Preview & Download' }).click();
        await page.getByRole('button', { name: 'Download QR Code' }).click();
      })(),
    ]);
    expect(await decodePng(await download.path())).toBe(first.shortUrl);

    // A second code costs one more seat: the dialog shows the new total, (1 + 1) x $3.49.
    await page.goto('/create-qr');
    const name = uniqueName('Flyer ');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Destination URL').fill('https://example.com/flyer');
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('2 × $3.49 = $6.98 per month', { exact: false }).waitFor();
    await screenshot(page, 'qr-purchase-dialog');
    await dialog.getByRole('button', { name: 'Confirm and create' }).click();
    await page.getByText('QR Code Purchase Confirmed').first().waitFor();
    await page.waitForURL(/\/edit-qr\//);

    // Account figures are real: two codes, no scans yet; after a scan, one.
    await page.goto('/account?tab=analytics');
    await page.getByRole('group', { name: 'QR Codes' }).getByText('2', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Last Scan' }).getByText('Never').waitFor();
    expect((await scanLike(page, first.slug)).status).toBe(302);
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto('/dashboard?tab=analytics');
      const total = page.getByRole('group', { name: 'Total Scans' });
      await total.waitFor();
      if ((await total.textContent())?.includes('1')) break;
      if (Date.now() > deadline) throw new Error('the scan did not reach the account figures');
      await page.waitForTimeout(500);
    }
    await screenshot(page, 'qr-dashboard-analytics');
    await page.getByRole('tab', { name: 'Recent Activity' }).click();
    await page.getByRole('list', { name: 'Activity, newest first' }).getByText('Design changed').first().waitFor();
    await screenshot(page, 'qr-recent-activity');
    await context.close();
  });
});
