import { INestApplication } from '@nestjs/common';
import { AddressInfo } from 'node:net';
import { AppConfig, createLogger, Logger } from '@qrd/config';
import { clearRedisPrefix, createTestDatabase, TestDatabase, testConfig, TestHttpClient } from '@qrd/testing';
import { startAuthService } from '../../../apps/auth-service/src/auth.app';
import { startBillingService } from '../../../apps/billing-service/src/billing.app';
import { startGateway } from '../../../apps/gateway/src/gateway.app';
import { startQrService } from '../../../apps/qr-service/src/qr.app';
import { startRedirectService } from '../../../apps/redirect-service/src/redirect.app';

export type ServiceName = 'auth' | 'qr' | 'billing' | 'redirect' | 'gateway';
type Starter = (config: AppConfig, logger: Logger, port: number) => Promise<INestApplication>;

const STARTERS: Record<ServiceName, Starter> = {
  auth: startAuthService,
  qr: startQrService,
  billing: startBillingService,
  redirect: startRedirectService,
  gateway: startGateway,
};

const ALL: ServiceName[] = ['auth', 'qr', 'billing', 'redirect', 'gateway'];

/**
 * The real services, in this process, on a fresh database cloned from the migrated template and
 * a fresh Redis key prefix. Services talk to each other over Redis queues exactly as in production.
 */
export class TestSystem {
  readonly apps = new Map<string, INestApplication>();
  private constructor(
    readonly config: AppConfig,
    readonly logger: Logger,
    private readonly db: TestDatabase,
  ) {}

  /**
   * `config` adjusts the services' configuration (e.g. to reach Redis or PostgreSQL through a link a
   * test can cut); `logger` replaces the services' logger (e.g. to read what they log); `database`
   * is an empty database elsewhere, which the services migrate as they start, instead of a clone of
   * the migrated template; `redis` is a Redis Cluster's seed nodes (REDIS_CLUSTER_NODES, e.g. of
   * `support/redis-cluster.ts`) to run on instead of the single Redis.
   */
  static async start(
    options: {
      services?: ServiceName[];
      env?: Record<string, string>;
      config?: (config: AppConfig) => AppConfig;
      logger?: Logger;
      database?: TestDatabase;
      redis?: { clusterNodes: string };
    } = {},
  ): Promise<TestSystem> {
    const db = options.database ?? (await createTestDatabase());
    const base = testConfig(db.url, options.redis ? { REDIS_CLUSTER_NODES: options.redis.clusterNodes, ...options.env } : options.env);
    const config = options.config ? options.config(base) : base;
    const system = new TestSystem(config, options.logger ?? createLogger('test', config.logLevel), db);
    for (const name of options.services ?? ALL) await system.startService(name);
    return system;
  }

  /**
   * Starts (another replica of) a service; `key` names it for stopService. Services listen on
   * ports of their own choosing, so the gateway is told where the qr-service's internal routes are.
   * `own`: this process's configuration where it differs from the system's.
   */
  async startService(name: ServiceName, key: string = name, own: Partial<AppConfig> = {}): Promise<INestApplication> {
    // A second app under the same key would be left running, unseen by stop(), and keep Jest from exiting.
    if (this.apps.has(key)) throw new Error(`${key} is already running: give the other replica a key of its own`);
    const config = name === 'gateway' && this.apps.has('qr') ? { ...this.config, qrInternalUrl: this.url('qr') } : this.config;
    const app = await STARTERS[name]({ ...config, ...own }, this.logger, 0);
    this.apps.set(key, app);
    return app;
  }

  async stopService(key: string): Promise<void> {
    await this.apps.get(key)?.close();
    this.apps.delete(key);
  }

  url(key: ServiceName | string): string {
    const app = this.apps.get(key);
    if (!app) throw new Error(`${key} is not running`);
    const address = app.getHttpServer().address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** A browser-like client of the gateway (cookies kept, our Origin sent on writes). */
  client(): TestHttpClient {
    return new TestHttpClient(this.url('gateway'), new URL(this.config.publicBaseUrl).origin);
  }

  async stop(): Promise<void> {
    for (const key of [...this.apps.keys()].reverse()) await this.stopService(key);
    await this.db.drop();
    await clearRedisPrefix(this.config.redisUrl, this.config.redisPrefix);
  }
}
