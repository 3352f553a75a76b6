import argon2 from 'argon2';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { E2eState, SCREENSHOT_DIR, STATE_FILE } from './environment';

export function e2eState(): E2eState {
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as E2eState;
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with nothing reaching outside the machine. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newContext(
  browser: Browser,
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; timezoneId?: string; locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: e2eState().baseUrl,
    // The browser's language decides the scanner pages' (Accept-Language): English unless a test chooses.
    locale: options.locale ?? 'en-US',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
    acceptDownloads: true,
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Runs SQL against the e2e database (setting up a user, reading what was stored). */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: e2eState().databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

let counter = 0;
/** A unique name for this run, so test files never collide. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

/**
 * An account created straight in the database (sign-up itself needs a payment and is tested on
 * its own); returns its credentials.
 */
export async function seedUser(options: { role?: 'user' | 'admin' | 'superadmin'; password?: string } = {}) {
  const username = uniqueName('user');
  const password = options.password ?? 'Secret-pass-123';
  const email = `${username}@example.com`;
  const [row] = await sql<{ id: string }>(
    'INSERT INTO auth.users (username, email, password_hash, role) VALUES ($1, $2, $3, $4) RETURNING id',
    [username, email, await argon2.hash(password, { type: argon2.argon2id }), options.role ?? 'user'],
  );
  return { id: row.id, username, email, password };
}

export async function logIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

export interface Mail {
  to: string;
  raw: string;
}

/** Mails the test SMTP server received for an address, oldest first. */
export function mailsTo(address: string): Mail[] {
  const dir = e2eState().mailDir;
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Mail)
    .filter((m) => m.to.split(',').includes(address));
}

export async function waitForMail(address: string, timeoutMs = 15_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = mailsTo(address);
    if (found.length) return found[found.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail to ${address} within ${timeoutMs / 1000}s`);
}

export function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * What sticks out sideways: [] when the page fits its viewport, else the page's widths and the
 * outermost elements whose right edge passes it (tag, classes, text), to say what to fix.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const width = root.clientWidth;
    const found = [`page ${root.scrollWidth} > ${width}`];
    const wide = Array.from(document.body.querySelectorAll<HTMLElement>('*')).filter((element) => element.getBoundingClientRect().right > width + 1);
    for (const element of wide) {
      if (wide.some((other) => other !== element && other.contains(element))) continue;
      const text = element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
      found.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 4).join('.')} right=${Math.round(element.getBoundingClientRect().right)} "${text}"`);
      if (found.length > 6) break;
    }
    return found;
  });
}
