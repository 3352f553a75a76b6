import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { ConfigError, createLogger } from '@qrd/config';
import { createTestDatabase, TestDatabase, testConfig } from '@qrd/testing';
import { startBillingService } from '../../../apps/billing-service/src/billing.app';
import { TestSystem } from './harness';

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 'a-production-session-secret-of-40-characters' };

function problemsOf(start: () => unknown): string[] {
  try {
    start();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('production start-up checks', () => {
  let db: TestDatabase;
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  it('refuses to start the billing-service on the test provider without ALLOW_TEST_PAYMENTS, naming the setting', async () => {
    const config = testConfig(db.url, { ...PRODUCTION, BILLING_PROVIDER: 'test' });
    await expect(startBillingService(config, logger, 0)).rejects.toThrow(
      /BILLING_PROVIDER=test takes no real payments: in production set BILLING_PROVIDER=stripe .*or ALLOW_TEST_PAYMENTS=true/,
    );
  });

  it('starts the billing-service on the test provider when a demo asks for it with ALLOW_TEST_PAYMENTS=true', async () => {
    const config = testConfig(db.url, { ...PRODUCTION, BILLING_PROVIDER: 'test', ALLOW_TEST_PAYMENTS: 'true' });
    const app: INestApplication = await startBillingService(config, logger, 0);
    try {
      expect((app.getHttpServer().address() as AddressInfo).port).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('refuses to start with BILLING_PROVIDER=stripe and no Stripe secrets, naming each one', () => {
    expect(problemsOf(() => testConfig(db.url, { ...PRODUCTION, BILLING_PROVIDER: 'stripe' }))).toEqual([
      'STRIPE_SECRET_KEY is required when BILLING_PROVIDER=stripe',
      'STRIPE_PUBLISHABLE_KEY is required when BILLING_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER=stripe',
      'STRIPE_PRICE_MONTHLY is required when BILLING_PROVIDER=stripe',
      'STRIPE_PRICE_ANNUAL is required when BILLING_PROVIDER=stripe',
    ]);
  });

  it('refuses a missing, short or development SESSION_SECRET in production', () => {
    const wanted = /^SESSION_SECRET must (be set to a random string of at least 32 characters|not be the development default)/;
    for (const secret of ['', 'too-short-secret', 'development-only-session-secret-change-me']) {
      const problems = problemsOf(() => testConfig(db.url, { NODE_ENV: 'production', SESSION_SECRET: secret, ALLOW_TEST_PAYMENTS: 'true' }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(wanted);
    }
  });
});

describe('listening addresses', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start();
  });
  afterAll(() => system.stop());

  it('binds every service to 127.0.0.1 unless BIND_HOST says otherwise', () => {
    const addresses = Object.fromEntries(
      [...system.apps].map(([name, app]) => [name, (app.getHttpServer().address() as AddressInfo).address]),
    );
    expect(addresses).toEqual({ auth: '127.0.0.1', qr: '127.0.0.1', billing: '127.0.0.1', redirect: '127.0.0.1', gateway: '127.0.0.1' });
  });
});
