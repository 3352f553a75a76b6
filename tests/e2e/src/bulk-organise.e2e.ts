import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { unzipFiles } from '@qrd/testing';
import { apiPost, createCode, subscribeWithTestCard, waitForRedirectStatus } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, sidewaysOverflow, sql } from './support/e2e';

describe('organising and bulk actions on the dashboard in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('selects codes, tags them, filters by the tag and deactivates them all at once', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const first = await createCode(page, 'Poster 0', 'https://example.com/poster');
    // Three more codes of the same owner straight in the qr schema, each a second older.
    await sql(
      `INSERT INTO qr.codes (slug, owner_id, name, destination, design, created_at, updated_at)
       SELECT substr(md5(random()::text || g::text), 1, 7), owner_id, 'Poster ' || g, destination, design,
              created_at - g * interval '1 second', updated_at - g * interval '1 second'
       FROM qr.codes, generate_series(1, 3) AS g WHERE id = $1`,
      [first.id],
    );

    await page.goto('/dashboard');
    await page.getByText('4 QR codes', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Select Poster 0' }).check();
    await page.getByRole('checkbox', { name: 'Select Poster 2' }).check();
    const bar = page.getByRole('region', { name: 'Selected QR codes' });
    await bar.getByText('2 selected').waitFor();

    await bar.getByRole('textbox', { name: 'Tag' }).fill('Spring Promo');
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await page.getByText('2 QR codes updated').first().waitFor();
    await page.getByRole('article', { name: 'Poster 2' }).getByText('spring promo').waitFor();

    // The two selected codes as one ZIP of PNGs, each decoding to its own short link.
    await bar.getByRole('button', { name: 'Download ZIP' }).click();
    const zipDialog = page.getByRole('dialog', { name: 'Download 2 QR codes as ZIP' });
    await zipDialog.getByLabel('Size in pixels').fill('512');
    const [download] = await Promise.all([page.waitForEvent('download'), zipDialog.getByRole('button', { name: 'Download ZIP' }).click()]);
    await zipDialog.getByText(/^Downloaded /).waitFor();
    const files = await unzipFiles(await readFile((await download.path()) as string));
    const decoded = [...files.values()].map((png) => {
      const image = PNG.sync.read(png);
      return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
    });
    const slugs = await sql<{ slug: string }>(`SELECT slug FROM qr.codes WHERE owner_id = (SELECT owner_id FROM qr.codes WHERE id = $1) AND name IN ('Poster 0', 'Poster 2') ORDER BY slug`, [first.id]);
    expect(decoded.map((text) => text?.replace(/^.*\/r\//, '')).sort()).toEqual(slugs.map((row) => row.slug).sort());
    await page.keyboard.press('Escape');

    // The tag filter lists the new tag; the server answers only the tagged codes.
    await page.getByRole('combobox', { name: 'Tag' }).selectOption('spring promo');
    await page.getByText('2 QR codes', { exact: true }).waitFor();
    expect(await page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')).sort())).toEqual([
      'Poster 0',
      'Poster 2',
    ]);

    // A new filter starts a new selection: select every code shown, then deactivate them.
    await page.getByRole('checkbox', { name: 'Select Poster 0' }).check();
    await bar.getByRole('button', { name: 'Select all 2 shown' }).click();
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByText('2 QR codes deactivated').first().waitFor();
    await page.getByRole('article', { name: 'Poster 0' }).getByText('Deactivated').first().waitFor();
    await page.getByRole('article', { name: 'Poster 2' }).getByText('Deactivated').first().waitFor();
    await screenshot(page, 'dashboard-bulk-deactivated');

    // Scans of a deactivated code get the "not active" answer; the untagged codes still redirect.
    await waitForRedirectStatus(page, first.slug, 410);
    const states = await sql<{ name: string; state: string }>(`SELECT name, state FROM qr.codes WHERE owner_id = (SELECT owner_id FROM qr.codes WHERE id = $1) ORDER BY name`, [first.id]);
    expect(states).toEqual([
      { name: 'Poster 0', state: 'deactivated' },
      { name: 'Poster 1', state: 'active' },
      { name: 'Poster 2', state: 'deactivated' },
      { name: 'Poster 3', state: 'active' },
    ]);
    await context.close();
  });

  it('gives the selected codes a design template at 390 px: their previews are drawn again with the new design', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const first = await createCode(page, 'Menu 0', 'https://example.com/menu');
    await sql(
      `INSERT INTO qr.codes (slug, owner_id, name, destination, design, created_at, updated_at)
       SELECT substr(md5(random()::text), 1, 7), owner_id, 'Menu 1', destination, design, created_at - interval '1 second', updated_at - interval '1 second'
       FROM qr.codes WHERE id = $1`,
      [first.id],
    );
    await apiPost(page, '/api/design-templates', { name: 'Navy', design: { foreground: '#0d47a1', dotStyle: 'dots' } });

    await page.goto('/dashboard');
    await page.getByText('2 QR codes', { exact: true }).waitFor();
    const preview = page.getByRole('img', { name: 'QR code for Menu 0' });
    const before = (await preview.getAttribute('src')) ?? '';
    const etagBefore = (await page.request.get(before)).headers().etag;
    await page.getByRole('checkbox', { name: 'Select Menu 0' }).check();
    await page.getByRole('checkbox', { name: 'Select Menu 1' }).check();
    const bar = page.getByRole('region', { name: 'Selected QR codes' });
    await bar.getByText('2 selected').waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);

    // With the keyboard: choose the template, then Tab to the button and press Enter.
    const picker = bar.getByRole('combobox', { name: 'Design template' });
    await picker.selectOption({ label: 'Navy' });
    await picker.focus();
    await page.keyboard.press('Tab');
    expect(await bar.getByRole('button', { name: 'Apply design' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('2 QR codes given the new design').first().waitFor();
    await page.waitForFunction(
      ([name, old]) => document.querySelector(`img[alt="QR code for ${name}"]`)?.getAttribute('src') !== old,
      ['Menu 0', before] as const,
    );
    // The image itself is a new rendering (another ETag), not only a new address.
    const after = (await preview.getAttribute('src')) ?? '';
    const etagAfter = (await page.request.get(after)).headers().etag;
    expect(etagAfter).toBeTruthy();
    expect(etagAfter).not.toBe(etagBefore);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, 'dashboard-bulk-design-template-mobile');

    const designs = await sql<{ name: string; foreground: string; dots: string }>(
      `SELECT name, design->>'foreground' AS foreground, design->>'dotStyle' AS dots FROM qr.codes
       WHERE owner_id = (SELECT owner_id FROM qr.codes WHERE id = $1) ORDER BY name`,
      [first.id],
    );
    expect(designs).toEqual([
      { name: 'Menu 0', foreground: '#0d47a1', dots: 'dots' },
      { name: 'Menu 1', foreground: '#0d47a1', dots: 'dots' },
    ]);
    const history = (await (await page.request.get(`/api/qrcodes/${first.id}/history`)).json()) as { items: { kind: string }[] };
    expect(history.items[0].kind).toBe('design');
    await context.close();
  });
});
