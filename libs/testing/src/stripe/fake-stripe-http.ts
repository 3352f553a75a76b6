import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InvoiceFields } from './stripe-objects';

/** The fake Stripe server's HTTP side: Stripe's form encoding, its error shape, ids and time. */

export type Params = Record<string, unknown>;

/** The fake's months are 30 days and its years 12 of them. */
export const MONTH = 30 * 86_400;
export const now = () => Math.floor(Date.now() / 1000);
export const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

export class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; code?: string; param?: string; decline_code?: string; doc_url?: string },
  ) {
    super(body.message);
  }
}

export function missing(kind: string, id: string): FakeStripeError {
  return new FakeStripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });
}

export function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
  res.end(JSON.stringify(body));
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form encoding (`items[0][price]=x`, `expand[0]=y`) back into objects and arrays. */
export function parseForm(search: URLSearchParams): Params {
  const root: Params = {};
  for (const [key, value] of search) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return root;
}

/** `{0: a, 1: b}` (how parseForm reads an indexed list) or a single value, as an array. */
export function list(value: unknown): unknown[] {
  if (value === undefined) return [];
  if (typeof value === 'object' && value !== null) return Object.keys(value).sort((a, b) => Number(a) - Number(b)).map((k) => (value as Params)[k]);
  return [value];
}

/** The PaymentIntent that pays an invoice: its client secret is `<pi id>_secret_...`. */
export function paymentIntentOf(invoice: InvoiceFields): string {
  return (invoice.clientSecret ?? `pi_${invoice.id}`).split('_secret_')[0];
}

/** The fake's own bookkeeping: an id it handed out is always there. */
export function must<K, V>(map: Map<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`fake Stripe lost ${String(key)}`);
  return value;
}

export function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
