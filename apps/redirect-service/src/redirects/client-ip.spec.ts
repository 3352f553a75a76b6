import type { IncomingMessage } from 'node:http';
import { clientIpOf } from './client-ip';

function request(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  return {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  } as unknown as IncomingMessage;
}

describe(clientIpOf.name, () => {
  it('believes X-Forwarded-For only from the trusted proxies, and only as far as they go', () => {
    const behindNginx = clientIpOf(['loopback']);

    expect(behindNginx(request('127.0.0.1', '81.2.69.142'))).toBe('81.2.69.142');
    // nginx overwrites the header; were a forged entry left of it, only the trusted hop is believed.
    expect(behindNginx(request('127.0.0.1', '6.6.6.6, 81.2.69.142'))).toBe('81.2.69.142');
    expect(behindNginx(request('::ffff:127.0.0.1'))).toBe('::ffff:127.0.0.1');
  });

  it('ignores the header of a client that talks to the service directly', () => {
    const behindNginx = clientIpOf(['loopback']);

    expect(behindNginx(request('203.0.113.9', '81.2.69.142'))).toBe('203.0.113.9');
  });

  it('walks through every trusted proxy of a chain', () => {
    const behindTwo = clientIpOf(['loopback', '10.0.0.0/8']);

    expect(behindTwo(request('127.0.0.1', '81.2.69.142, 10.0.0.2'))).toBe('81.2.69.142');
  });
});
