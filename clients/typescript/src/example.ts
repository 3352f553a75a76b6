import createClient from 'openapi-fetch';
import type { paths } from './qrd-api';

/**
 * The example of docs/api.md, run by tests/system/src/api-v1.spec.ts against the real services:
 * a typed client of the public API (openapi-fetch over the types generated from its OpenAPI
 * document). `baseUrl` is the site's address, e.g. https://qr.example.com.
 */
export function qrdClient(baseUrl: string, apiKey: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${apiKey}` } });
}

/** Creates a code (safe to retry with the same order id) and points it somewhere else. */
export async function createAndRetarget(baseUrl: string, apiKey: string, orderId: string) {
  const client = qrdClient(baseUrl, apiKey);
  const created = await client.POST('/api/v1/codes', {
    params: { header: { 'Idempotency-Key': `order-${orderId}` } },
    body: { name: `Order ${orderId}`, destinationUrl: 'https://example.com/welcome' },
  });
  if (created.error) throw new Error(`${created.error.status}: ${created.error.detail}`);
  const updated = await client.PATCH('/api/v1/codes/{id}', {
    params: { path: { id: created.data.id } },
    body: { destinationUrl: 'https://example.com/spring-sale' },
  });
  if (updated.error) throw new Error(`${updated.error.status}: ${updated.error.detail}`);
  return updated.data;
}

/** Every code of the account, page after page. */
export async function allCodes(baseUrl: string, apiKey: string) {
  const client = qrdClient(baseUrl, apiKey);
  const codes = [];
  let cursor: string | undefined;
  do {
    const page = await client.GET('/api/v1/codes', { params: { query: { limit: 100, cursor } } });
    if (page.error) throw new Error(`${page.error.status}: ${page.error.detail}`);
    codes.push(...page.data.items);
    cursor = page.data.nextCursor ?? undefined;
  } while (cursor);
  return codes;
}
