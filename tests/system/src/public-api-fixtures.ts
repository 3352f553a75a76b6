import type { TestHttpClient } from '@qrd/testing';
import { sql } from './accounts-fixtures';
import type { TestSystem } from './harness';

/** Fixtures of the public API tests: keys made in the account, requests made with them. */

export interface CreatedKey {
  id: string;
  key: string;
  prefix: string;
}

export async function createApiKey(client: TestHttpClient, body: { name?: string; scope: 'read' | 'write'; expiresOn?: string }): Promise<CreatedKey> {
  const res = await client.post('/api/api-keys', { name: body.name ?? `Key ${body.scope}`, ...body });
  if (res.status !== 201) throw new Error(`creating a key answered ${res.status}: ${res.text}`);
  return res.json as unknown as CreatedKey;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Where programs reach the public API: nginx (the front door) in front of the system. */
export interface ApiBase {
  baseUrl: string;
}

/** A program calling the public API with a key through the front door: no cookies, no Origin. */
export async function api(
  door: ApiBase,
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const res = await fetch(`${door.baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Many codes for one owner straight into the qr schema (the seats do not matter for reading them). */
export async function seedCodes(system: TestSystem, ownerId: string, count: number): Promise<void> {
  await sql(
    system,
    `INSERT INTO qr.codes (slug, owner_id, name, destination, design, created_at)
     SELECT 'S' || lpad(to_hex(g), 6, '0'), $1, 'Seeded ' || g, 'https://example.com/seeded/' || g,
            '{"foreground":"#000000","background":"#ffffff","errorCorrection":"M","margin":4,"dotStyle":"square"}'::jsonb,
            now() - make_interval(secs => g)
     FROM generate_series(1, $2::int) AS g`,
    [ownerId, count],
  );
}
