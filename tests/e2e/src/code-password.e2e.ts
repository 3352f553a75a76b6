import { Browser } from 'playwright-core';
import { createCode, redirectStatus, subscribeWithTestCard } from './support/codes';
import { e2eState, launchBrowser, logIn, screenshot, seedUser, uniqueName } from './support/e2e';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';

describe('a password-protected code, scanned in Chromium through nginx', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('a wrong password shows the error; the right one lands on the destination and counts one scan', async () => {
    const user = await seedUser();
    const ownerContext = await browser.newContext({ baseURL: e2eState().baseUrl });
    const owner = await ownerContext.newPage();
    await logIn(owner, user);
    await subscribeWithTestCard(owner);
    const code = await createCode(owner, uniqueName('Members flyer '), 'https://example.com/members?from=flyer');
    const set = await owner.request.patch(`/api/qrcodes/${code.id}`, { data: { password: 'open sesame' }, headers: { Origin: e2eState().baseUrl } });
    expect(set.status()).toBe(200);
    // The change reaches the redirect-service within a second: the form (200) instead of the redirect.
    const deadline = Date.now() + 10_000;
    while ((await redirectStatus(owner, code.slug)) !== 200) {
      if (Date.now() > deadline) throw new Error('the password did not reach the redirect-service');
      await new Promise((r) => setTimeout(r, 200));
    }

    // A phone (headless Chromium's own agent is counted as a bot, not as a scan).
    const scannerContext = await browser.newContext({ baseURL: e2eState().baseUrl, userAgent: PHONE, viewport: { width: 390, height: 844 } });
    const scanner = await scannerContext.newPage();
    // The destination is another site; nothing leaves this machine, so the browser's network layer answers for it.
    await scanner.route('https://example.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Members</title><h1>Welcome, members</h1>' }),
    );
    const refused: string[] = [];
    scanner.on('console', (message) => {
      if (/Content Security Policy|violates/i.test(message.text())) refused.push(message.text());
    });

    await scanner.goto(`/r/${code.slug}?utm_source=door`);
    await scanner.getByRole('heading', { name: 'This QR code is protected' }).waitFor();
    await scanner.getByLabel('Password').fill('a wrong guess');
    await scanner.getByRole('button', { name: 'Continue' }).click();
    await scanner.getByRole('alert').getByText('That password is not right. Please try again.').waitFor();
    await screenshot(scanner, 'code-password-wrong');

    await scanner.getByLabel('Password').fill('open sesame');
    await scanner.getByRole('button', { name: 'Continue' }).click();
    await scanner.getByRole('heading', { name: 'Welcome, members' }).waitFor({ timeout: 10_000 });
    expect(scanner.url()).toBe('https://example.com/members?from=flyer&utm_source=door');
    expect(refused).toEqual([]);

    // The scan is counted when the form is shown (a scanner who goes no further counts too); the wrong guess and the way in add none.
    const scansDeadline = Date.now() + 15_000;
    let totalScans = 0;
    while (Date.now() < scansDeadline) {
      totalScans = ((await (await owner.request.get(`/api/qrcodes/${code.id}`)).json()) as { totalScans: number }).totalScans;
      if (totalScans >= 1) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(totalScans).toBe(1);
    await scannerContext.close();
    await ownerContext.close();
  });
});
