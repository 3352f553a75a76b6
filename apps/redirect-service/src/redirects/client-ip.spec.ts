import type { IncomingMessage } from 'node:http';
import { clientIp } from './client-ip';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} } as unknown as IncomingMessage;
}

describe(clientIp.name, () => {
  it('believes exactly as many X-Forwarded-For entries as there are trusted proxies', () => {
    const req = request('10.0.0.2', '6.6.6.6, 81.2.69.142');

    expect(clientIp(req, 0)).toBe('10.0.0.2');
    expect(clientIp(req, 1)).toBe('81.2.69.142');
    expect(clientIp(req, 2)).toBe('6.6.6.6');
    expect(clientIp(req, 5)).toBe('6.6.6.6');
  });

  it('uses the socket address without a header', () => {
    expect(clientIp(request('::ffff:127.0.0.1'), 1)).toBe('::ffff:127.0.0.1');
  });
});
