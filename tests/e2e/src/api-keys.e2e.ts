import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Browser } from 'playwright-core';
import { subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, sql } from './support/e2e';

const run = promisify(execFile);

/** curl, as a customer's script would call the API through nginx: answers the status and the body. */
async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

describe('API keys in Chromium through nginx, used with curl', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('creates a key in the account, copies it, creates a code with curl, and revokes the key', async () => {
    const base = e2eState().baseUrl;
    const user = await seedUser();
    const context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const page = await context.newPage();
    await logIn(page, user);
    await subscribeWithTestCard(page);

    await page.goto('/account?tab=api');
    await page.getByText('No API keys yet. Create one above to start using the API.').waitFor();
    await page.getByLabel('Name').fill('Print pipeline');
    await page.getByRole('radio', { name: /Read and write/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = (await page.getByLabel('New API key').textContent())?.trim() ?? '';
    expect(shown).toMatch(/^qrd_live_[0-9A-Za-z]{32}$/);
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    const key = await page.evaluate(() => navigator.clipboard.readText());
    expect(key).toBe(shown);
    await screenshot(page, 'account-api-key-created');

    const auth = ['-H', `Authorization: Bearer ${key}`];
    const created = await curl([
      '-X', 'POST', `${base}/api/v1/codes`, ...auth,
      '-H', 'Content-Type: application/json', '-H', 'Idempotency-Key: e2e-order-1',
      '-d', JSON.stringify({ name: 'From curl', destinationUrl: 'https://example.com/curl' }),
    ]);
    expect(created.status).toBe(201);
    const code = JSON.parse(created.body) as { id: string; name: string };
    expect(code.name).toBe('From curl');
    const listed = await curl([`${base}/api/v1/codes?limit=10`, ...auth]);
    expect(JSON.parse(listed.body)).toMatchObject({ items: [{ id: code.id }], total: 1 });

    // The dashboard shows the code made through the API; the key list shows its use.
    await page.getByRole('button', { name: "I've saved it" }).click();
    await page.reload();
    await page.getByText(/Last used .* from /).waitFor();
    const [row] = await sql<{ key_hash: string }>('SELECT key_hash FROM auth.api_keys WHERE user_id = $1', [user.id]);
    expect(row.key_hash).not.toContain(key);

    await page.getByRole('button', { name: 'Revoke Print pipeline' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
    await page.getByText('Revoked', { exact: true }).waitFor();
    const refused = await curl([`${base}/api/v1/codes`, ...auth]);
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ status: 401, detail: 'This API key was revoked' });
    await context.close();
  });

  it('serves the API reference and its OpenAPI document through nginx', async () => {
    const base = e2eState().baseUrl;
    const document = await curl([`${base}/api/v1/openapi.json`]);
    expect(document.status).toBe(200);
    expect(JSON.parse(document.body).openapi).toBe('3.1.0');
    const reference = await curl([`${base}/docs/api`]);
    expect(reference.status).toBe(200);
    expect(reference.body).toContain('<script src="/docs/api/scalar.js">');
    const script = await curl([`${base}/docs/api/scalar.js`, '-o', '/dev/null']);
    expect(script.status).toBe(200);
  });
});
