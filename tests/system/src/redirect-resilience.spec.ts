import { createLogger } from '@qrd/config';
import { waitFor } from '@qrd/testing';
import { startRedirectService } from '../../../apps/redirect-service/src/redirect.app';
import { MISS } from '../../../apps/redirect-service/src/redirects/redirect-cache';
import { RedirectResolver } from '../../../apps/redirect-service/src/redirects/redirect-resolver';
import { TestSystem } from './harness';
import { createCode, Customer, scan, storedScans, subscribedCustomer } from './qr-fixtures';
import { TcpProxy } from './redirect-tcp-proxy';

describe('redirect-service while Redis is unreachable', () => {
  let system: TestSystem;
  let alice: Customer;
  let proxy: TcpProxy;
  let redirectUrl: string;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'billing', 'qr', 'gateway'] });
    alice = await subscribedCustomer(system);
    // This replica reaches Redis only through a link the test can cut.
    proxy = TcpProxy.forRedis(system.config.redisUrl);
    await proxy.start();
    const config = { ...system.config, redisUrl: proxy.url };
    const app = await startRedirectService(config, createLogger('redirect-under-test', config.logLevel), 0);
    system.apps.set('redirect', app);
    redirectUrl = system.url('redirect');
  });
  afterAll(async () => {
    await proxy.restore();
    await system.stop();
    await proxy.cut();
  });

  it('keeps redirecting the codes it knows, buffers their scans and stores every one once Redis is back', async () => {
    const code = await createCode(alice.client, { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    // Scanned until the replica holds the code: a scan whose look-up overlapped the code's own
    // change notice (its creation) is answered but not kept, as the notice may be newer.
    const resolver = system.apps.get('redirect')!.get(RedirectResolver);
    let before = 0;
    await waitFor(async () => {
      expect((await scan(redirectUrl, code.slug)).status).toBe(302);
      before += 1;
      expect(resolver.cached(code.slug)).not.toBe(MISS);
    });
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(before));

    await proxy.cut();
    const during = [];
    for (let i = 0; i < 5; i++) during.push(await scan(redirectUrl, code.slug));

    expect(during.map((res) => res.status)).toEqual([302, 302, 302, 302, 302]);
    expect(during.every((res) => res.headers.get('location') === 'https://example.com/poster')).toBe(true);
    const unknown = await fetch(`${redirectUrl}/r/Qq1Qq1Q`, { redirect: 'manual' });
    expect(unknown.status).toBe(503);
    expect(await storedScans(system, code.id)).toHaveLength(before);

    await proxy.restore();
    await waitFor(async () => expect(await storedScans(system, code.id)).toHaveLength(before + 5), 15_000);
  });
});
