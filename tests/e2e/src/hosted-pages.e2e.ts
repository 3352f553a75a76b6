import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { apiPost, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, screenshot, seedUser, sidewaysOverflow, uniqueName } from './support/e2e';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

describe('hosted pages rendered where the scan lands, on a 390 px phone in Chromium through nginx', () => {
  let browser: Browser;
  let owner: Page;
  const created: Record<string, { id: string; slug: string }> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    const user = await seedUser();
    owner = await (await browser.newContext({ baseURL: e2eState().baseUrl })).newPage();
    await logIn(owner, user);
    await subscribeWithTestCard(owner);
    created.wifi = await (
      await apiPost(owner, '/api/qrcodes', {
        name: uniqueName('Guest Wi-Fi '),
        content: { type: 'wifi', ssid: 'Café;Guests', security: 'WPA', password: 'pass:word"1', hidden: false },
      })
    ).json();
    await apiPost(owner, '/api/purchase-qr-code', { name: 'Links', price: 3.49 });
    created.links = await (
      await apiPost(owner, '/api/qrcodes', {
        name: uniqueName('Bio '),
        content: { type: 'links', title: 'Our links', links: [{ label: 'Visit the shop', url: 'https://shop.example.com/spring?from=qr' }] },
      })
    ).json();
  });
  afterAll(() => browser.close());

  it('a Wi-Fi page: its join code (inline SVG) decodes to the right WIFI: string, in light and dark, axe-clean', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL: e2eState().baseUrl, userAgent: PHONE, viewport: { width: 390, height: 844 }, colorScheme });
      const phone = await context.newPage();
      const refused: string[] = [];
      phone.on('console', (message) => {
        if (/Content Security Policy|violates/i.test(message.text())) refused.push(message.text());
      });
      const answer = await phone.goto(`/r/${created.wifi.slug}`);
      expect(answer?.status()).toBe(200);
      await phone.getByRole('heading', { name: 'Join “Café;Guests”' }).waitFor();
      const code = phone.getByRole('img', { name: 'QR code to join the Wi-Fi network Café;Guests' });
      const png = await code.screenshot();
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe('WIFI:T:WPA;S:Café\\;Guests;P:pass\\:word\\"1;;');
      await phone.getByText('pass:word"1', { exact: true }).waitFor();
      expect(await sidewaysOverflow(phone)).toEqual([]);
      expect(await seriousViolations(phone)).toEqual([]);
      expect(refused).toEqual([]);
      await screenshot(phone, `hosted-wifi-${colorScheme}`);
      await context.close();
    }
  });

  it('a link list works with JavaScript disabled: its button leads to the link', async () => {
    const context = await browser.newContext({ baseURL: e2eState().baseUrl, userAgent: PHONE, viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const phone = await context.newPage();
    // The link is another site; nothing leaves this machine, so the browser's network layer answers for it.
    await phone.route('https://shop.example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Shop</title><h1>Spring collection</h1>' }),
    );
    await phone.goto(`/r/${created.links.slug}`);
    await phone.getByRole('heading', { name: 'Our links' }).waitFor();
    await phone.getByRole('link', { name: 'Visit the shop' }).click();
    await phone.getByRole('heading', { name: 'Spring collection' }).waitFor();
    expect(phone.url()).toBe('https://shop.example.com/spring?from=qr');
    await context.close();
  });
});
