import { Browser } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe("the dashboard's Recent Activity, in Chromium through nginx", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('lists the scans of a code, grouped by hour, among its changes, and filters to scans only', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 900 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const name = uniqueName('Menu ');
    const code = await createCode(page, name, 'https://example.com/menu');
    for (let i = 0; i < 3; i++) {
      const scan = await page.request.get(`/r/${code.slug}`, { maxRedirects: 0, headers: { 'user-agent': IPHONE } });
      expect(scan.status()).toBe(302);
    }
    const changed = await page.request.patch(`/api/qrcodes/${code.id}`, {
      data: { destinationUrl: 'https://example.com/menu-summer' },
      headers: { Origin: e2eState().baseUrl },
    });
    expect(changed.status()).toBe(200);

    // The scans are stored a moment after they were answered.
    const activity = page.getByRole('list', { name: 'Activity, newest first' });
    const deadline = Date.now() + 20_000;
    for (;;) {
      await page.goto('/dashboard?tab=activity');
      await activity.getByText('Destination changed').waitFor();
      if (await activity.getByText('3 scans', { exact: true }).isVisible()) break;
      if (Date.now() > deadline) throw new Error(`the scans did not reach Recent Activity: ${await activity.textContent()}`);
      await page.waitForTimeout(500);
    }
    const scansLine = activity.getByRole('listitem').filter({ hasText: '3 scans' });
    await scansLine.getByRole('link', { name }).waitFor();
    await scansLine.getByText(/^since \d{1,2}:00 [AP]M$/).waitFor();
    await activity.getByText('Created').waitFor();
    await screenshot(page, 'recent-activity-scans');

    await page.getByRole('combobox', { name: 'Kind of activity' }).selectOption('scans');
    await activity.getByText('3 scans', { exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('ol[aria-label="Activity, newest first"]')?.textContent?.includes('Destination changed'));
    expect(await activity.getByText('Created').count()).toBe(0);
    await context.close();
  });
});
