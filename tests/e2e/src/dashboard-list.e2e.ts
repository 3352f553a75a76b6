import { Browser, Page } from 'playwright-core';
import { createCode, subscribeWithTestCard } from './support/codes';
import { launchBrowser, logIn, newContext, screenshot, seedUser, sql } from './support/e2e';

const TOTAL = 130;

/** The names of the cards in the page, top to bottom, with their boxes. */
function renderedCards(page: Page) {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[role="article"]')).map((card) => {
      const box = card.getBoundingClientRect();
      return { name: card.getAttribute('aria-label') ?? '', top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, left: box.left };
    }),
  );
}

/** The name of the card holding keyboard focus ('' when focus is outside every card). */
function focusedCard(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.closest('[role="article"]')?.getAttribute('aria-label') ?? '');
}

describe('a long dashboard list in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('loads more codes on scrolling, renders only the rows near the screen, and keeps keyboard navigation', async () => {
    const user = await seedUser();
    const context = await newContext(browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);
    const first = await createCode(page, 'Bulk 000', 'https://example.com/bulk');
    // The rest straight in the qr schema, each a second older than the one before (newest first).
    await sql(
      `INSERT INTO qr.codes (slug, owner_id, name, destination, design, created_at, updated_at)
       SELECT substr(md5(random()::text || g::text), 1, 7), owner_id, 'Bulk ' || lpad(g::text, 3, '0'), destination, design,
              created_at - g * interval '1 second', updated_at - g * interval '1 second'
       FROM qr.codes, generate_series(1, $2::int - 1) AS g WHERE id = $1`,
      [first.id, TOTAL],
    );

    await page.goto('/dashboard');
    await page.getByText(`Showing 24 of ${TOTAL} QR codes`).waitFor();

    // Scrolling down asks for the next pages until every code is loaded.
    const deadline = Date.now() + 30_000;
    while (!(await page.getByText(`${TOTAL} QR codes`, { exact: true }).isVisible())) {
      if (Date.now() > deadline) throw new Error('scrolling did not load every code');
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      await page.waitForTimeout(200);
    }
    const last = page.getByRole('article', { name: `Bulk ${String(TOTAL - 1).padStart(3, '0')}` });
    while (!(await last.isVisible())) {
      if (Date.now() > deadline) throw new Error(`the last code was not shown: ${JSON.stringify((await renderedCards(page)).map((card) => card.name))}`);
      await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
      await page.waitForTimeout(200);
    }
    await screenshot(page, 'dashboard-long-list-end');

    // Only the rows near the screen are in the page, three cards a row, none overlapping.
    const atEnd = await renderedCards(page);
    expect(atEnd.length).toBeGreaterThan(0);
    expect(atEnd.length).toBeLessThan(60);
    expect(atEnd.some((card) => card.name === 'Bulk 000')).toBe(false);
    for (let i = 3; i < atEnd.length; i++) expect(atEnd[i].top).toBeGreaterThanOrEqual(atEnd[i - 3].bottom);
    expect(new Set(atEnd.slice(0, 3).map((card) => Math.round(card.top))).size).toBe(1);

    // Back at the top, Tab walks the cards in order, the page following focus, into rows not rendered at first.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('link', { name: 'Edit Bulk 000' }).focus();
    const initiallyRendered = new Set((await renderedCards(page)).map((card) => card.name));
    const visited: string[] = [];
    for (let presses = 0; presses < 400 && !visited.includes('Bulk 040'); presses++) {
      await page.keyboard.press('Tab');
      const name = await focusedCard(page);
      expect(name).not.toBe('');
      if (visited.at(-1) !== name) visited.push(name);
    }
    expect(visited).toEqual(Array.from({ length: 41 }, (_, i) => `Bulk ${String(i).padStart(3, '0')}`));
    expect(initiallyRendered.has('Bulk 040')).toBe(false);
    await screenshot(page, 'dashboard-long-list-keyboard');
    await context.close();
  });
});
