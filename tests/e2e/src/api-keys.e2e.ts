import { execFile } from 'node:child_process';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, newContext, screenshot, seedUser, sql } from './support/e2e';

const run = promisify(execFile);

/** curl, as a customer's script would call the API through nginx: answers the status and the body. */
async function curl(args: string[]): Promise<{ status: number; body: string }> {
  const { stdout } = await run('curl', ['-sS', '-w', '\n%{http_code}', ...args]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: stdout.slice(0, at) };
}

/** A customer's webhook receiver on this machine: keeps every request, answers 200. */
async function startReceiver(): Promise<{ server: Server; url: string; received: { headers: IncomingHttpHeaders; body: string }[] }> {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/qr`, received };
}

describe('API keys in Chromium through nginx, used with curl', () => {
  let browser: Browser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    browser = await launchBrowser();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

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
    // A webhook endpoint registered with the key hears of the code made next, signed with its secret.
    const hook = await curl([
      '-X', 'POST', `${base}/api/v1/webhooks`, ...auth,
      '-H', 'Content-Type: application/json',
      '-d', JSON.stringify({ url: receiver.url, events: ['code.created'] }),
    ]);
    expect(hook.status).toBe(201);
    const { secret } = JSON.parse(hook.body) as { secret: string };
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
    for (let waited = 0; receiver.received.length === 0 && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    const event = new Webhook(secret).verify(receiver.received[0].body, receiver.received[0].headers as Record<string, string>);
    expect(event).toMatchObject({ type: 'code.created', data: { id: code.id, name: 'From curl' } });

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

    // The endpoint and its delivery, in the account's Webhooks tab.
    await page.goto('/account?tab=webhooks');
    const endpoints = page.getByRole('list', { name: 'Webhook endpoints' });
    await endpoints.getByText(receiver.url).waitFor();
    await endpoints.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('list', { name: 'Deliveries' });
    await log.getByText('Delivered').waitFor();
    await log.getByText(/HTTP 200 · \d+ ms · attempt 1/).waitFor();
    await log.getByText('code.created').waitFor();
    await screenshot(page, 'account-webhook-delivery-log');
    // On a phone the log fits the screen's width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'account-webhook-delivery-log-390');
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
