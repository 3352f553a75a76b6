import { readFileSync } from 'node:fs';
import { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { subscribeWithTestCard } from './support/codes';
import { decodeQuotedPrintable, e2eState, launchBrowser, logIn, mailsTo, newContext, screenshot, seedUser } from './support/e2e';

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('profile picture and "Your data" in Chromium through nginx, at 390 px', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('uploads a picture shown in the header and the menu, exports the data, downloads the ZIP, and nothing sticks out', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    await page.goto('/account?tab=profile');

    await page.getByText('No picture yet: your initials are shown instead.').waitFor();
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f6f4f' } }).jpeg().toBuffer();
    await page.locator('#profile-picture-file').setInputFiles({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Change picture' }).waitFor();
    // The account header and the avatar menu show the stored picture (the img loads only when it decodes).
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLImageElement>('img[src^="/api/profile/picture"]')).some((img) => img.complete && img.naturalWidth === 256),
    );

    await page.getByRole('button', { name: 'Export my data' }).click();
    const download = page.getByRole('link', { name: 'Download ZIP' });
    await download.waitFor({ timeout: 30_000 });
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'account-your-data-mobile');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const zip = readFileSync(await file.path());
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(file.suggestedFilename()).toMatch(/^qr-dynamic-data-\d{4}-\d{2}-\d{2}\.zip$/);

    const readyMail = () => mailsTo(user.email).map((m) => decodeQuotedPrintable(m.raw)).find((text) => text.includes('data export is ready'));
    for (let tries = 0; !readyMail() && tries < 150; tries++) await new Promise((r) => setTimeout(r, 100));
    expect(readyMail()).toContain(`${e2eState().baseUrl}/api/account/data-export/`);
    await context.close();
  });
});
