import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { Browser, Page } from 'playwright-core';
import vCard from 'vcf';
import { subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, uniqueName } from './support/e2e';

/** Elements wider than the phone's screen. */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (element.getBoundingClientRect().right > width + 1) found.push(`${element.tagName} "${element.textContent?.trim().slice(0, 30)}" reaches past the screen`);
    }
    return found;
  });
}

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('a contact card code, created and scanned on a 390 px phone in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is created from the Contact card form, and its scan opens our page whose “Add to contacts” downloads a vCard', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);

    await page.goto('/create-qr');
    await page.getByRole('heading', { name: 'Create a QR Code' }).waitFor();
    await page.getByText('Contact card', { exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill(uniqueName('Business card '));
    // The form checks every field as the server does before anything is sent.
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByText('Enter a first or last name').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace-Byron');
    await page.getByLabel('Company (optional)').fill('Analytical Engines; Ltd.');
    await page.getByLabel('Phone 1', { exact: true }).fill('+44 20 7946 0958');
    await page.getByLabel('Email 1', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Website (optional)').fill('https://example.com/ada');
    expect(await overflow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create QR Code' }).click();
    await page.getByRole('heading', { name: 'Your QR Code is Ready!' }).waitFor();
    const codeId = new URL(page.url()).pathname.split('/').pop() as string;
    const code = (await (await page.request.get(`/api/qrcodes/${codeId}`)).json()) as { slug: string };

    // A phone's camera opens the short link, which answers with our page itself (headless Chromium
    // counts as a bot scan: human scans are counted in tests/system/src/hosted-pages.spec.ts).
    const phone = await (await newContext(browser, { width: 390, height: 844 })).newPage();
    const landed = await phone.goto(`/r/${code.slug}`);
    expect(landed?.status()).toBe(200);
    expect(new URL(phone.url()).pathname).toBe(`/r/${code.slug}`);
    await phone.getByRole('heading', { name: 'Ada Lovelace-Byron' }).waitFor();
    await phone.getByRole('link', { name: 'ada@example.com' }).waitFor();
    await phone.waitForLoadState('networkidle');
    expect(await overflow(phone)).toEqual([]);
    expect(await seriousViolations(phone)).toEqual([]);
    await screenshot(phone, 'content-contact-card-mobile');

    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('link', { name: 'Add to contacts' }).click()]);
    expect(download.suggestedFilename()).toBe('Ada-Lovelace-Byron.vcf');
    const [card] = vCard.parse(await readFile((await download.path()) as string, 'utf8'));
    expect(card.get('fn')?.valueOf()).toBe('Ada Lovelace-Byron');
    expect(card.get('tel')?.valueOf()).toBe('+44 20 7946 0958');
  });
});
