import { SCAN_CONSUMER_GROUP } from '@qrd/contracts';
import { createRedis, scanStreamShardKeys } from '@qrd/messaging';
import { TestHttpClient, waitFor } from '@qrd/testing';
import { RedirectRoute } from '../../../apps/redirect-service/src/redirects/redirect.route';
import { newUser, signIn, sql, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';

/** Fixtures of the QR code, redirect and analytics tests: subscribed users, codes, scans. */

export const CARD_OK = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };

export interface Customer {
  user: TestUser;
  client: TestHttpClient;
}

/** A signed-in user who subscribed through the real billing-service with the test card (one seat). */
export async function subscribedCustomer(system: TestSystem): Promise<Customer> {
  const user = await newUser(system);
  const client = await signIn(system, user);
  const setup = await client.post('/api/get-or-create-subscription?interval=monthly');
  if (setup.status !== 200) throw new Error(`subscribe answered ${setup.status}: ${setup.text}`);
  const paid = await client.post('/api/test-payments/confirm', { clientSecret: setup.json.clientSecret, ...CARD_OK });
  if (paid.json?.status !== 'succeeded') throw new Error(`payment answered ${paid.status}: ${paid.text}`);
  await waitFor(async () => {
    const sub = await client.get('/api/subscription');
    if (sub.json?.status !== 'active') throw new Error(`subscription is ${sub.json?.status}`);
  });
  return { user, client };
}

/** Buys one more seat at the server's price (the spec's confirmation dialog), then creates the code. */
export async function createCode(
  client: TestHttpClient,
  body: { name: string; destinationUrl: string; category?: string; tags?: string[]; folderId?: string | null; uniqueWindow?: string },
  { buySeat = false } = {},
): Promise<{ id: string; slug: string; shortUrl: string; [key: string]: unknown }> {
  if (buySeat) {
    const purchase = await client.post('/api/purchase-qr-code', { name: body.name, price: 3.49 });
    if (purchase.status !== 200) throw new Error(`purchase answered ${purchase.status}: ${purchase.text}`);
  }
  const res = await client.post('/api/qrcodes', body);
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${res.text}`);
  return res.json;
}

export interface ScanOptions {
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
}

/** A phone's camera app following the short link (no automatic redirect: we look at the 302). */
export async function scan(baseUrl: string, slug: string, { method = 'GET', headers = {} }: ScanOptions = {}): Promise<Response> {
  const res = await fetch(`${baseUrl}/r/${slug}`, {
    method,
    redirect: 'manual',
    headers: {
      'user-agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ...headers,
    },
  });
  await res.arrayBuffer();
  return res;
}

/** Scans stored for a code, straight from the qr schema. */
export async function storedScans(system: TestSystem, codeId: string): Promise<{ scan_id: string; is_bot: boolean }[]> {
  return sql(system, 'SELECT scan_id, is_bot FROM qr.scans WHERE code_id = $1 ORDER BY scan_id', [codeId]);
}

/**
 * Waits until every scan answered so far has been stored and acknowledged: handed over by each
 * redirect-service (it appends scans in batches a few milliseconds after answering), then read
 * and stored from the stream.
 */
export async function scansIngested(system: TestSystem, timeoutMs = 15_000): Promise<void> {
  const redis = createRedis(system.config.redisUrl);
  const streams = scanStreamShardKeys(system.config.redisPrefix, system.config.scanStreamShards);
  const recorders = [...system.apps].filter(([key]) => key.startsWith('redirect')).map(([, app]) => app.get(RedirectRoute).recorder);
  try {
    await waitFor(async () => {
      const buffered = recorders.reduce((sum, recorder) => sum + recorder.pending, 0);
      if (buffered > 0) throw new Error(`${buffered} scans not handed over by the redirect-service yet`);
      for (const stream of streams) {
        const groups = (await redis.xinfo('GROUPS', stream).catch(() => [])) as unknown[][];
        const group = groups.map(toRecord).find((g) => g.name === SCAN_CONSUMER_GROUP);
        const length = await redis.xlen(stream);
        if (!group) throw new Error(`no consumer group on ${stream} yet`);
        if (Number(group.pending) > 0 || length > 0) throw new Error(`${group.pending} pending, ${length} in ${stream}`);
      }
    }, timeoutMs);
  } finally {
    redis.disconnect();
  }
}

function toRecord(flat: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[String(flat[i])] = flat[i + 1];
  return out;
}
