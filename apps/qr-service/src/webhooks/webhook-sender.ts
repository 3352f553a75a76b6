import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { WEBHOOK_EXCERPT_LENGTH, type WebhookDeliveryOutcome } from '@qrd/contracts';
import { isPrivateAddress } from '../codes/destination-policy';

export interface SendResult {
  outcome: Exclude<WebhookDeliveryOutcome, 'pending'>;
  statusCode: number | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  error: string | null;
}

export interface SendOptions {
  allowPrivateNetworks: boolean;
  timeoutMs: number;
}

/** Thrown by the lookup when every address of the host is refused: nothing was sent. */
class RefusedAddress extends Error {}

/**
 * Resolves every address of the host and refuses private, loopback, link-local and metadata ones
 * (unless allowed), then hands the socket the address it checked: a DNS answer that changes
 * between the check and the connection (rebinding) is never used.
 */
export function checkedLookup(allowPrivateNetworks: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family as number | undefined }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.filter((a) => !allowPrivateNetworks && isPrivateAddress(a.address));
      if (refused.length > 0 || addresses.length === 0) {
        const list = addresses.map((a) => a.address).join(', ');
        return callback(new RefusedAddress(`${hostname} resolves to a private or local address (${list})`), '', 0);
      }
      const chosen = addresses[0];
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [chosen]);
      callback(null, chosen.address, chosen.family);
    });
  };
}

/**
 * POSTs one signed webhook: a timeout for the whole exchange, no redirects followed, at most an
 * excerpt of the answer read. Never throws: the result says what happened.
 */
export function sendWebhook(url: string, headers: Record<string, string>, body: string, options: SendOptions): Promise<SendResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  // An address literal is not looked up: it is checked here.
  if (ipaddr.isValid(host) && !options.allowPrivateNetworks && isPrivateAddress(host)) {
    return Promise.resolve(refused(`${host} is a private or local address`));
  }
  const started = performance.now();
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const request = transport.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': 'QR-Dynamic-Webhooks/1' },
        lookup: checkedLookup(options.allowPrivateNetworks),
        timeout: options.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_EXCERPT_LENGTH * 4) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_EXCERPT_LENGTH);
          const ok = status >= 200 && status < 300;
          finish({
            outcome: ok ? 'succeeded' : 'failed',
            statusCode: status,
            latencyMs: Math.round(performance.now() - started),
            responseExcerpt: excerpt || null,
            error: ok ? null : status >= 300 && status < 400 ? `Redirect to ${response.headers.location ?? '?'} not followed` : `HTTP ${status}`,
          });
        });
        response.on('error', (error) => finish(failed(error, started)));
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`No answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => finish(error instanceof RefusedAddress ? refused(error.message) : failed(error, started)));
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

function refused(reason: string): SendResult {
  return { outcome: 'refused', statusCode: null, latencyMs: null, responseExcerpt: null, error: `Not sent: ${reason}` };
}

function failed(error: Error, started: number): SendResult {
  return { outcome: 'failed', statusCode: null, latencyMs: Math.round(performance.now() - started), responseExcerpt: null, error: error.message.slice(0, 500) };
}
