import { TestSystem } from './harness';

/** Wrong-password logins on fresh usernames (the per-username limit stays out of it), each claiming an address. */
async function loginStatuses(system: TestSystem, forwardedFor: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const [i, address] of forwardedFor.entries()) {
    const res = await system.client().post(
      '/api/login',
      { username: `nobody${i}_${Date.now().toString(36)}`, password: 'Wrong-password-1' },
      { 'x-forwarded-for': address },
    );
    statuses.push(res.status);
  }
  return statuses;
}

describe('client addresses behind the proxy', () => {
  describe('a client that is not one of our proxies', () => {
    let system: TestSystem;

    beforeAll(async () => {
      // The test talks from 127.0.0.1; here that is not a proxy address, so it is a client like any other.
      system = await TestSystem.start({
        services: ['auth', 'gateway'],
        env: { TRUSTED_PROXIES: '10.99.0.1', RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '3' },
      });
    });
    afterAll(() => system.stop());

    it('cannot choose the address the per-address login limit counts with a forged X-Forwarded-For', async () => {
      const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '203.0.113.9, 198.51.100.5'];
      expect(await loginStatuses(system, forged)).toEqual([401, 401, 401, 429, 429]);
    });
  });

  describe('requests through a trusted proxy (loopback by default)', () => {
    let system: TestSystem;

    beforeAll(async () => {
      system = await TestSystem.start({ services: ['auth', 'gateway'], env: { RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '3' } });
    });
    afterAll(() => system.stop());

    it('counts the address the proxy saw, each visitor on their own', async () => {
      const visitor = ['198.51.100.7', '198.51.100.7', '198.51.100.7', '198.51.100.7'];
      expect(await loginStatuses(system, visitor)).toEqual([401, 401, 401, 429]);
      expect(await loginStatuses(system, ['198.51.100.8'])).toEqual([401]);
    });
  });
});
