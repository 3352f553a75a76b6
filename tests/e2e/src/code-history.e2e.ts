import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { Browser, Page } from 'playwright-core';
import { apiPost, createCode, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

const run = promisify(execFile);

/** Elements wider than their box inside `selector` (a list, a dialog) at the phone's width. */
async function overflowIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).first().evaluate((root) => {
    const found: string[] = [];
    if (root.getBoundingClientRect().right > document.documentElement.clientWidth + 1) found.push(`${root.tagName} reaches past the screen`);
    for (const element of [root, ...Array.from(root.querySelectorAll<HTMLElement>('*'))]) {
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible') {
        found.push(`${element.tagName} "${element.textContent?.trim().slice(0, 40)}" ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });
}

describe('a code’s history and its download options, at 390 px in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('shows the changes on the code’s History tab and in Recent Activity, filtered with the keyboard', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Window poster '), 'https://example.com/spring');
    const changed = await page.request.patch(`/api/qrcodes/${code.id}`, {
      data: { destinationUrl: 'https://example.com/summer-sale-with-a-rather-long-address/that-must-wrap-on-a-phone' },
      headers: { Origin: e2eState().baseUrl },
    });
    expect(changed.status()).toBe(200);
    await apiPost(page, `/api/qrcodes/${code.id}/deactivate`);

    await page.goto(`/edit-qr/${code.id}?tab=history`);
    const history = page.getByRole('list', { name: 'Changes, newest first' });
    await history.getByText('Deactivated').waitFor();
    await history.getByText('Destination changed').waitFor();
    await history.getByText('Created').waitFor();
    await screenshot(page, 'code-history-mobile');
    expect(await overflowIn(page, 'ol[aria-label="Changes, newest first"]')).toEqual([]);

    await page.goto('/dashboard?tab=activity');
    await page.getByRole('list', { name: 'Activity, newest first' }).getByText('Deactivated').waitFor();
    await page.getByRole('combobox', { name: 'Kind of activity' }).selectOption('destination');
    const activity = page.getByRole('list', { name: 'Activity, newest first' });
    await activity.getByText('Destination changed').waitFor();
    expect(await activity.getByText('Deactivated').count()).toBe(0);
    await screenshot(page, 'recent-activity-mobile');
    const width = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(width[0]).toBeLessThanOrEqual(width[1]);
    await context.close();
  });

  it('downloads a PDF for print from the options dialog, and offers the choice again', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const code = await createCode(page, uniqueName('Flyer '), 'https://example.com/flyer');

    await page.goto(`/edit-qr/${code.id}?tab=preview`);
    await page.getByRole('button', { name: 'Download options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download options' });
    await dialog.getByRole('radio', { name: /PDF \(print\)/ }).check();
    await dialog.getByLabel('Print size').fill('50');
    await dialog.getByLabel('Bleed on each side').fill('3');
    expect(await overflowIn(page, '[role="dialog"]')).toEqual([]);
    await screenshot(page, 'download-options-mobile');
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);

    expect(download.suggestedFilename()).toBe(`qrcode-${code.id}.pdf`);
    const file = await download.path();
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const { stdout } = await run('/usr/bin/pdfinfo', [file]);
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(stdout) ?? [];
    expect([Number(w), Number(h)].map((pt) => Math.round((pt / 72) * 25.4))).toEqual([56, 56]);

    await page.reload();
    await page.getByText('PDF, 50 mm + 3 mm bleed, crop marks').waitFor();
    await context.close();
  });
});
