import { Browser, BrowserContext, Page } from 'playwright-core';
import { translate, translatedPattern } from './support/catalogues';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, seedUser, sidewaysOverflow, sql, uniqueName } from './support/e2e';
import { blockingViolations, PUBLIC_SCREENS, SIGNED_IN_SCREENS } from './support/screens';

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** Words that may stay English under the pseudo-language: the brand, file formats, and Intl's dates in the fallback English. */
const ALLOWED_WORDS = new Set(
  [
    'QR', 'Dynamic', 'PNG', 'SVG', 'PDF', 'CSV', 'JSON', 'URL', 'URLs', 'API', 'HTTPS', 'HTTP', 'UTC', 'GMT', 'ZIP', 'EPS', 'vCard',
    'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec',
    'January', 'February', 'March', 'April', 'June', 'July', 'August', 'September', 'October', 'November', 'December',
    'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday',
    'AM', 'PM', 'English', 'Deutsch', 'Español', 'Français', 'Português', 'Brasil',
    // Names that stay as they are in every language: systems and browsers, and the examples of places
    // in the routing rules' hints (real names the database answers with).
    'iOS', 'macOS', 'Android', 'Windows', 'Linux', 'Chrome', 'Safari', 'Firefox', 'Edge', 'Munich', 'Bavaria',
    // Card brands, and currencies as Intl names them (the pseudo-language has no Intl data of its own).
    'Visa', 'Mastercard', 'Amex', 'USD', 'EUR', 'GBP', 'Dollar', 'Euro', 'Pound', 'British', 'Sterling',
  ].map((word) => word.toLowerCase()),
);

/**
 * Text a person sees that did not come from a catalogue: under the pseudo-language every letter of
 * every message is accented, so a word of plain letters is a literal in the code (or the user's own
 * data, which the caller names in `data`).
 */
async function untranslated(page: Page, data: string[]): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    // Text marked as being in another language (the language switcher's names, the English that
    // index.html serves as shown in the admin area) is meant to stay as it is.
    const skip = (element: Element | null): boolean =>
      !!element?.closest('script, style, noscript, code, pre, kbd, textarea, [aria-hidden="true"], [data-user-content], body [lang]');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || skip(element)) continue;
      const style = window.getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
    }
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))) {
      if (skip(element)) continue;
      for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(attribute)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const left: string[] = [];
  for (const text of texts) {
    // Addresses, links, paths, file names and identifiers with digits are not words.
    let rest = text.replace(/\S*[@./:_]\S*|\S*\d\S*/g, ' ');
    for (const value of data) rest = rest.split(value).join(' ');
    // A personal workspace's name, as the server named it at sign-up ("ada's workspace"), is the user's to change: data.
    rest = rest.replace(/\S+'s workspace/g, ' ');
    // Every letter of the pseudo-language is accented: a word of plain ASCII letters came from no catalogue.
    const words = (rest.match(/(?<![\p{L}])[A-Za-z]{3,}(?![\p{L}])/gu) ?? []).filter((word) => !ALLOWED_WORDS.has(word.toLowerCase()));
    if (words.length > 0) left.push(`"${text.slice(0, 80)}" (${words.slice(0, 3).join(', ')})`);
  }
  return [...new Set(left)];
}

/** Text that runs out of its box (cut off, or over a neighbour), in the page as shown. */
async function textOutOfBox(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim()) continue;
      const box = element.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue; // screen-reader-only text
      const style = window.getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden' || style.textOverflow === 'ellipsis') continue;
      // Clipped on purpose: screen-reader-only text, a skip link until it has the focus.
      if (element.closest('.sr-only') || style.clipPath !== 'none' || (style.clip !== 'auto' && style.clip !== '')) continue;
      if (element.closest('[data-user-content], svg, pre, code')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.width === 0) continue;
      if (text.right > box.right + 2 || text.left < box.left - 2) {
        found.push(`${element.tagName.toLowerCase()} "${node.textContent.trim().slice(0, 50)}" text ${Math.round(text.left)}-${Math.round(text.right)} box ${Math.round(box.left)}-${Math.round(box.right)}`);
      }
    }
    return found.slice(0, 8);
  });
}

describe('languages in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  describe('every route under the pseudo-language at 390 px', () => {
    let admin: { username: string; password: string; email: string };
    let code: { id: string; slug: string; shortUrl: string };
    let visitor: BrowserContext;
    let signedIn: BrowserContext;
    const codeName = 'Ωμέγα';
    beforeAll(async () => {
      admin = await seedUser({ role: 'admin' });
      const setup = await newContext(browser);
      const page = await setup.newPage();
      await logIn(page, admin);
      await subscribeWithTestCard(page);
      code = await createCode(page, codeName, 'https://example.com/pseudo');
      await setup.close();
      visitor = await newContext(browser, { width: 390, height: 844 });
      signedIn = await newContext(browser, { width: 390, height: 844 });
      await logIn(await signedIn.newPage(), admin);
    });
    afterAll(async () => {
      await Promise.all([visitor.close(), signedIn.close()]);
    });

    const check = async (context: BrowserContext, path: string) => {
      const page = await context.newPage();
      const target = path.replace('{id}', code.id);
      await page.goto(`${target}${target.includes('?') ? '&' : '?'}lang=en-XA`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
      const data = [admin.username, admin.email, codeName, code.slug];
      expect({ path, untranslated: await untranslated(page, data) }).toEqual({ path, untranslated: [] });
      expect({ path, overflow: await sidewaysOverflow(page), cut: await textOutOfBox(page) }).toEqual({ path, overflow: [], cut: [] });
      await page.close();
    };

    it.each(PUBLIC_SCREENS)('%s: every text translated, none out of its box', (path) => check(visitor, path));
    it.each([...SIGNED_IN_SCREENS, '/bulk-import'])('%s: every text translated, none out of its box', (path) => check(signedIn, path));
  });

  /**
   * A new person's whole way in, in their browser's language: the landing page, sign-up with the
   * price in their currency, the first code created, downloaded and changed, its analytics and the
   * account; axe on every screen; in Arabic the layout mirrored.
   */
  describe.each([
    { language: 'de', browserLocale: 'de-DE', currency: 'EUR', dir: 'ltr' },
    { language: 'ar', browserLocale: 'ar-EG', currency: 'EUR', dir: 'rtl' },
  ])('a new user in $language', ({ language, browserLocale, dir }) => {
    let context: BrowserContext;
    let page: Page;
    const t = (text: string, values?: Record<string, string | number>) => translate(language, text, values);
    const axeClean = async () => expect(await blockingViolations(page)).toEqual([]);

    beforeAll(async () => {
      context = await newContext(browser, { locale: browserLocale, width: 390, height: 844 });
      page = await context.newPage();
    });
    afterAll(() => context.close());

    it('opens the landing page in the language, mirrored for Arabic', async () => {
      await page.goto('/');
      await settle(page);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, dir]);
      await page.getByRole('heading', { level: 1, name: translatedPattern(language, 'Dynamic QR codes for {price}') }).waitFor();
      if (dir === 'rtl') {
        // The brand stands at the right-hand edge of the top bar, as Arabic reads from the right.
        const brand = await page.getByRole('banner').getByRole('link').first().boundingBox();
        expect(brand && brand.x + brand.width).toBeGreaterThan(390 / 2);
      }
      expect(await sidewaysOverflow(page)).toEqual([]);
      await axeClean();
    });

    it('signs up and pays the price in the currency of the language', async () => {
      const username = uniqueName(`lang${language.replace('-', '')}`);
      await page.goto('/auth?tab=signup');
      await page.getByLabel(t('Username')).fill(username);
      await page.getByLabel(t('Email')).fill(`${username}@example.com`);
      await page.getByLabel(t('Password'), { exact: true }).fill('Secret-pass-123');
      await axeClean();
      await page.getByRole('button', { name: t('Continue to Payment') }).click();
      await page.getByRole('heading', { name: t('Complete Your Purchase') }).waitFor();
      await page.getByLabel(t('Card number')).fill('4242 4242 4242 4242');
      await page.getByLabel(t('Expiry')).fill('12 / 34');
      await page.getByLabel(t('CVC')).fill('123');
      await axeClean();
      const pay = page.getByRole('button', { name: translatedPattern(language, 'Pay {amount}') });
      expect(await pay.textContent()).toContain('€');
      await pay.click();
      await page.waitForURL('**/dashboard');
      const [account] = await sql<{ language: string }>('SELECT language FROM auth.users WHERE username = $1', [username]);
      expect(account.language).toBe(language);
      await settle(page);
      await axeClean();
    });

    it('creates a code, downloads it, changes where it points and reads its analytics', async () => {
      await page.goto('/create-qr');
      await page.getByLabel(t('Name')).fill('Ωμέγα');
      await page.getByLabel(t('Destination URL')).fill('https://example.com/menu');
      await axeClean();
      await page.getByRole('button', { name: t('Create QR Code') }).click();
      await page.getByRole('heading', { name: t('Your QR Code is Ready!') }).waitFor();
      await settle(page);
      await axeClean();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('Download QR Code') }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.png$/);
      await page.getByRole('tab', { name: t('Edit URL') }).click();
      await page.getByLabel(t('Destination URL')).fill('https://example.com/dinner');
      await page.getByRole('button', { name: t('Update URL') }).click();
      await page.getByRole('link', { name: /https:\/\/example\.com\/dinner/ }).waitFor();
      await page.getByRole('tab', { name: t('Analytics') }).click();
      await settle(page);
      expect(await sidewaysOverflow(page)).toEqual([]);
      await axeClean();
      await page.goto('/account');
      await settle(page);
      expect(await page.getByRole('combobox', { name: t('Language') }).first().inputValue()).toBe(language);
      await axeClean();
    });
  });
});
