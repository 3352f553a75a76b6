import type { IncomingMessage } from 'node:http';

/**
 * The visitor's address when `trustedHops` proxies (nginx, a load balancer) stand in front:
 * X-Forwarded-For is read from the right, one entry per trusted hop, never further (anything
 * left of that was written by the client and can be forged).
 */
export function clientIp(req: IncomingMessage, trustedHops: number): string {
  const socketIp = req.socket.remoteAddress ?? '';
  if (trustedHops <= 0) return socketIp;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return socketIp;
  return forwarded[Math.max(0, forwarded.length - trustedHops)];
}
