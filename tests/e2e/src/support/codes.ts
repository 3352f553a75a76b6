import type { APIResponse, Page } from 'playwright-core';
import { e2eState } from './e2e';

/**
 * Account set-up through the real API, as the signed-in page's own session: subscribing with the
 * test provider's card and creating codes. Screens that do the same are tested on their own.
 */

/** A state-changing API call from our own origin (the gateway refuses cross-site writes). */
export async function apiPost(page: Page, path: string, data?: unknown): Promise<APIResponse> {
  const response = await page.request.post(path, { data, headers: { Origin: e2eState().baseUrl } });
  if (!response.ok()) throw new Error(`POST ${path} answered ${response.status()}: ${await response.text()}`);
  return response;
}

/** Subscribes the signed-in user with Stripe's always-succeeding test card; resolves once active. */
export async function subscribeWithTestCard(page: Page, interval: 'monthly' | 'annual' = 'monthly'): Promise<void> {
  const setup = (await (await apiPost(page, `/api/get-or-create-subscription?interval=${interval}`)).json()) as {
    clientSecret: string | null;
  };
  if (setup.clientSecret) {
    const outcome = (await (
      await apiPost(page, '/api/test-payments/confirm', {
        clientSecret: setup.clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expiry: '12 / 34',
        cvc: '123',
      })
    ).json()) as { status: string };
    if (outcome.status !== 'succeeded') throw new Error(`test payment ended ${outcome.status}`);
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const subscription = (await (await page.request.get('/api/subscription')).json()) as { status: string | null };
    if (subscription.status === 'active') return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the subscription did not become active within 15s');
}

export interface CreatedCode {
  id: string;
  slug: string;
  shortUrl: string;
}

/** POST /api/qrcodes (needs an active subscription with a free seat). */
export async function createCode(page: Page, name: string, destinationUrl = 'https://example.com/e2e'): Promise<CreatedCode> {
  return (await (await apiPost(page, '/api/qrcodes', { name, destinationUrl })).json()) as CreatedCode;
}

/** The redirect-service's status for a slug, without following the redirect. */
export async function redirectStatus(page: Page, slug: string): Promise<number> {
  return (await page.request.get(`/r/${slug}`, { maxRedirects: 0 })).status();
}

/** Waits until /r/{slug} answers `status` (changes reach the redirect-service within a second). */
export async function waitForRedirectStatus(page: Page, slug: string, status: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = await redirectStatus(page, slug);
    if (last === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`/r/${slug} answered ${last}, not ${status}, within ${timeoutMs / 1000}s`);
}
