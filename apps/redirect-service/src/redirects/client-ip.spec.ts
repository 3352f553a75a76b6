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

  it('answers the socket address when nothing was forwarded, whoever the proxies are', () => {
    expect(clientIpOf(['loopback'])(request('127.0.0.1'))).toBe('127.0.0.1');
    expect(clientIpOf(['10.0.0.0/8'])(request('203.0.113.9'))).toBe('203.0.113.9');
    expect(clientIpOf(['loopback'])(request('127.0.0.1', ''))).toBe('127.0.0.1');
  });

  it('judges every hop by its own address however many addresses it has seen (each judged once)', () => {
    const behindTwo = clientIpOf(['loopback', '10.0.0.0/8']);

    for (let i = 0; i < 3000; i++) {
      const visitor = `198.51.100.${i % 256}`;
      expect(behindTwo(request('127.0.0.1', `${visitor}, 10.${i >> 8}.${i & 255}.2`))).toBe(visitor);
      // An address once seen as a visitor is not a proxy the next time, nor a proxy's a visitor's.
      expect(behindTwo(request('127.0.0.1', `10.0.0.9, ${visitor}`))).toBe(visitor);
      expect(behindTwo(request(visitor, '81.2.69.142'))).toBe(visitor);
    }
  });
});
