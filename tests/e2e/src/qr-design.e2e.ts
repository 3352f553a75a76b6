import jsQR from 'jsqr';
import { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

/** The editor's preview image as the page shows it: its size and what jsQR (an independent decoder) reads in it. */
async function readPreview(page: Page, name: string): Promise<{ width: number; height: number; text: string | null }> {
  const src = (await page.getByRole('img', { name: `Preview of the design for ${name}` }).getAttribute('src')) ?? '';
  const image = PNG.sync.read(Buffer.from(src.replace(/^data:image\/png;base64,/, ''), 'base64'));
  const text = jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  return { width: image.width, height: image.height, text };
}

describe('the design editor: frame, eyes and gradient, in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('chooses a frame with a call to action, round eyes and a gradient, sees them in the preview, and saves them', async () => {
    const user = await seedUser();
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const name = uniqueName('Bistro ');
    const code = await createCode(page, name, 'https://example.com/bistro');

    await page.goto(`/edit-qr/${code.id}?tab=design`);
    await page.getByText('This is the saved design.').waitFor();
    const before = await readPreview(page, name);
    expect(before.width).toBe(before.height);

    await page.getByRole('group', { name: 'Frame' }).getByText('Frame with banner').click();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('group', { name: 'Eye style' }).getByText('Circle').click();
    await page.getByLabel('Own eye colour').check();
    await page.getByLabel('Eye colour', { exact: true }).fill('#b71c1c');
    await page.getByLabel('Gradient foreground').check();
    await page.getByLabel('Gradient end colour', { exact: true }).fill('#1b5e20');
    expect(await page.getByLabel('Call to action').inputValue()).toBe('Menu');
    await page.getByText('Preview of your changes (not saved yet).').waitFor();

    // The preview follows: taller than wide (the banner), and it still scans.
    let after = before;
    for (let i = 0; i < 50 && after.height === after.width; i++) {
      await page.waitForTimeout(200);
      after = await readPreview(page, name);
    }
    expect(after.height).toBeGreaterThan(after.width);
    expect(after.text).toBe(code.shortUrl);
    await screenshot(page, 'qr-design-frame-eyes-gradient');

    await page.getByRole('button', { name: 'Save design' }).click();
    await page.getByText('QR Code Updated').first().waitFor();
    const saved = (await (await page.request.get(`/api/qrcodes/${code.id}`)).json()) as { design: Record<string, unknown> };
    expect(saved.design).toMatchObject({
      frame: 'border',
      frameText: 'Menu',
      eyeStyle: 'circle',
      eyeColour: '#b71c1c',
      gradient: { to: '#1b5e20', angle: 45 },
    });
    await context.close();
  });
});
