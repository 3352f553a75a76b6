import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { Browser, Page } from 'playwright-core';
import { apiPost, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, sidewaysOverflow } from './support/e2e';

/** axe-core's serious and critical findings on the page as it is now. */
async function blockingViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Drops a file on the drop zone as a person dragging it from their desktop does. */
async function dropFile(page: Page, name: string, content: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], fileName, { type: 'text/csv' }));
      return data;
    },
    [name, content] as const,
  );
  const zone = page.getByTestId('csv-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

describe('bulk create from CSV, at 390 px in dark theme, in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('previews the rows with their errors, fixes a bad row, confirms the price, follows the progress and downloads the result', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844, colorScheme: 'dark' });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    await apiPost(page, '/api/design-templates', { name: 'Night', design: { foreground: '#1b5e20', dotStyle: 'rounded' } });

    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Import from CSV' }).click();
    await page.getByRole('heading', { name: 'Import QR codes from CSV' }).waitFor();
    await page.getByText(/At most 100,000 rows and 50 MB per file/).waitFor();

    await dropFile(
      page,
      'codes.csv',
      'name,destination,category,tags\n' +
        'Lunch menu,https://example.com/lunch,restaurant,food;lunch\n' +
        'Window poster,example dot com,,\n' +
        'Flyer,https://example.com/flyer,event,\n',
    );
    await page.getByRole('heading', { name: 'Preview: 2 of 3 rows ready' }).waitFor();
    const bad = page.getByTestId('import-row-2');
    await bad.getByText('Please enter a valid URL. Include https:// at the beginning.').waitFor();
    // Two codes, one free seat: one more at $3.49 a month.
    await page.getByTestId('import-price').getByText('$3.49 per month').waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await screenshot(page, 'bulk-import-preview-mobile-dark');

    // The bad row fixed in the preview, with the keyboard.
    await bad.getByRole('button', { name: 'Edit row 2' }).click();
    const destination = page.getByLabel('Destination, row 2');
    await destination.fill('https://example.com/window');
    await destination.press('Enter');
    await page.getByRole('heading', { name: 'Preview: 3 of 3 rows ready' }).waitFor();
    expect(await page.getByText('Please enter a valid URL').count()).toBe(0);
    // Three codes, one free seat: two more at $3.49 = $6.98 a month.
    await page.getByTestId('import-price').getByText('$6.98 per month').waitFor();

    // Every new code starts with the account's "Night" design template.
    await page.getByLabel('Design of the new QR codes').selectOption({ label: 'Night' });
    expect(await sidewaysOverflow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create 3 QR codes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create 3 QR codes?' });
    await dialog.getByText(/\$6\.98 more per month/).waitFor();
    await dialog.getByText(/They start with the design template "Night"\./).waitFor();
    expect(await sidewaysOverflow(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm and create' }).click();

    await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
    await page.getByRole('heading', { name: 'Import finished' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).toBe('100');
    await page.getByText('3 of 3 created.').waitFor();
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-import-done-mobile-dark');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the result (CSV)' }).click()]);
    const text = await readFile((await download.path()) as string, 'utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines).toHaveLength(4);
    const codes = (await (await page.request.get('/api/qrcodes')).json()) as { name: string; shortUrl: string; destinationUrl: string; design: { foreground: string; dotStyle: string } }[];
    expect(codes.map((c) => c.name).sort()).toEqual(['Flyer', 'Lunch menu', 'Window poster']);
    for (const code of codes) expect(code.design).toMatchObject({ foreground: '#1b5e20', dotStyle: 'rounded' });
    expect(codes.find((c) => c.name === 'Window poster')?.destinationUrl).toBe('https://example.com/window');
    for (const code of codes) expect(text).toContain(code.shortUrl);
    const subscription = (await (await page.request.get('/api/subscription')).json()) as { seats: number; seatsUsed: number };
    expect(subscription).toMatchObject({ seats: 3, seatsUsed: 3 });
    await context.close();
  });

  it('imports a file of thousands of rows: the preview lists a page of them, the progress bar moves, and Cancel stops the creation', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    await page.goto('/dashboard/import');
    await page.getByRole('heading', { name: 'Import QR codes from CSV' }).waitFor();

    const rows = 10_000;
    const file = `name,destination\n${Array.from({ length: rows }, (_, i) => `Package ${i + 1},https://brand.example.com/p/${i + 1}`).join('\n')}\n`;
    await dropFile(page, 'packages.csv', file);
    await page.getByRole('heading', { name: 'Preview: 10,000 of 10,000 rows ready' }).waitFor({ timeout: 120_000 });
    await page.getByText('Showing 200 of 10,000 rows.').waitFor();
    expect(await page.getByTestId(/^import-row-/).count()).toBe(200);
    await page.getByRole('button', { name: 'Create 10,000 QR codes' }).click();
    await page.getByRole('dialog', { name: 'Create 10,000 QR codes?' }).getByRole('button', { name: 'Confirm and create' }).click();

    // The bar follows the creation, read again every second; Cancel asks first, then stops it part way.
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    await bar.waitFor();
    await page.getByRole('button', { name: 'Cancel import' }).click();
    await page.waitForFunction(() => Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow')) > 0, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: 'Stop the import' }).click();
    await page.getByRole('heading', { name: 'Import cancelled' }).waitFor();
    await page.getByText(/rows left were not created; the codes created stay\./).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel import' }).count()).toBe(0);
    expect(await blockingViolations(page)).toEqual([]);
    await screenshot(page, 'bulk-import-cancelled');

    // What was created stays, and nothing more is created after the cancel.
    const id = new URL(page.url()).searchParams.get('id');
    const view = (await (await page.request.get(`/api/imports/${id}`)).json()) as { state: string; progress: { created: number } };
    expect(view.state).toBe('cancelled');
    expect(view.progress.created).toBeGreaterThan(0);
    expect(view.progress.created).toBeLessThan(rows);
    await page.waitForTimeout(1500);
    const codes = (await (await page.request.get('/api/qrcodes')).json()) as unknown[];
    expect(codes).toHaveLength(view.progress.created);
    await context.close();
  }, 300_000);
});
