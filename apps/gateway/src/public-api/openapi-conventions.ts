import type { OpenAPIObject } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE } from '../http/problem-details';

type Json = Record<string, unknown>;
interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: Json[];
  responses: Record<string, Json>;
}

const header = (description: string, schema: Json = { type: 'string' }): Json => ({ description, required: true, schema });
const ref = (name: string): Json => ({ $ref: `#/components/headers/${name}` });
const problem = (description: string): Json => ({
  description,
  content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/V1Problem' } } },
});

/** Headers the gateway sets on /api/v1 answers, described once and referenced. */
const HEADERS: Record<string, Json> = {
  'RateLimit-Limit': header('Requests allowed in the current window: per key, or per address for answers to a missing or wrong key', { type: 'integer' }),
  'RateLimit-Remaining': header('Requests left in the current window', { type: 'integer' }),
  'RateLimit-Reset': header('Seconds until the window starts again', { type: 'integer' }),
  'Retry-After': header('Seconds to wait before trying again', { type: 'integer' }),
  ETag: header('The version of this answer: send it as If-None-Match to revalidate (304), or as If-Match to change only this version (412 otherwise)'),
  'WWW-Authenticate': header('RFC 6750 Bearer challenge: realm="api", and error="invalid_token" for a wrong, revoked or expired key'),
};
/** On a 403 only when the key lacks a scope: a suspended account's 403 has none. */
const SCOPE_CHALLENGE: Json = {
  description: 'RFC 6750 Bearer challenge with error="insufficient_scope" and the scope the key lacks (write, codes, analytics or webhooks)',
  required: false,
  schema: { type: 'string' },
};
const RATE_LIMIT = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * What every /api/v1 route does beside its controller, added to the generated document in one
 * place because middleware and guards, not the routes, do it: the key check (401, 403, 429 with
 * WWW-Authenticate, RateLimit-* and Retry-After), the body parser (400 for a body that is not JSON,
 * 413 over 100 KB, 415 not UTF-8: answered before the key is looked at, so without RateLimit-*),
 * and ETags on GETs (304 on If-None-Match).
 */
export function describeApiConventions(document: OpenAPIObject): void {
  const components = document.components as Json;
  components.headers = { ...(components.headers as Json | undefined), ...HEADERS };
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/v1/')) continue;
    for (const [method, value] of Object.entries(item as Record<string, Operation>)) {
      if (!value?.responses || !value.security) continue;
      describeOperation(method, value);
    }
  }
}

function describeOperation(method: string, operation: Operation): void {
  const { responses } = operation;
  responses['401'] ??= problem('No API key, or a key that is unknown, revoked or expired');
  responses['403'] ??= problem('The key may not use this route (its scope or resources), or the account is suspended');
  responses['429'] ??= problem('Too many requests: wait for `Retry-After` seconds');
  if (operation.requestBody) {
    responses['400'] ??= problem('The request body is not valid JSON, or a field is refused (see `errors`)');
    responses['413'] ??= problem('The request body is larger than 100 KB');
    responses['415'] ??= problem('The request body is not UTF-8');
  }
  const conditional = method === 'get' && hasEtag(responses['200']);
  if (conditional) {
    responses['304'] = { description: 'Not modified: the If-None-Match ETag is still current (no body)' };
    operation.parameters = [
      ...(operation.parameters ?? []),
      { name: 'If-None-Match', in: 'header', required: false, description: 'An ETag of an earlier answer: 304 while it is still current', schema: { type: 'string' } },
    ];
  }
  for (const [status, response] of Object.entries(responses)) {
    const headers: Json = { ...(response.headers as Json | undefined) };
    // 413 and 415 come from the body parser, before the key is counted; so does a 400 for a body that is not JSON.
    if (status === '400') for (const name of RATE_LIMIT) headers[name] = { ...HEADERS[name], required: false };
    else if (status !== '413' && status !== '415') for (const name of RATE_LIMIT) headers[name] = ref(name);
    if (status === '429') headers['Retry-After'] = ref('Retry-After');
    if (status === '401') headers['WWW-Authenticate'] = ref('WWW-Authenticate');
    if (status === '403') headers['WWW-Authenticate'] = SCOPE_CHALLENGE;
    if (conditional && (status === '200' || status === '304')) headers.ETag = ref('ETag');
    response.headers = headers;
  }
}

/** JSON answers get Express's ETag, images their own; streamed exports (CSV, NDJSON) have none. */
function hasEtag(response: Json | undefined): boolean {
  const types = Object.keys((response?.content as Json | undefined) ?? {});
  return types.some((type) => type === 'application/json' || type.startsWith('image/'));
}
