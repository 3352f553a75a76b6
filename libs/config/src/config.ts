import { isIP } from 'node:net';
import { ContentStorageConfig, isProxyAddress, readContentStorage, readSocialLinks, SocialLink } from './config-readers';
import { BillingPricesConfig, readBillingPrices } from './billing-prices-config';
import { InvoicingConfig, readInvoicing } from './invoicing-config';
import { ConfigError, Env, Reader } from './reader';
import { readRedisCluster } from './redis-cluster-config';
import { readScanConfig, ScanConfig } from './scan-config';

/**
 * One typed, validated configuration per process. Nothing else reads process.env:
 * a missing or malformed value stops the process at boot with a message naming it.
 */
export type BillingProviderName = 'test' | 'stripe';

export interface AppConfig extends ScanConfig {
  env: 'development' | 'production' | 'test';
  logLevel: string;
  databaseUrl: string;
  /**
   * A streaming replica of DATABASE_URL's server that analytics and exports read (reads that may
   * lag a moment); null: they read DATABASE_URL too (docs/scaling.md "PostgreSQL").
   */
  analyticsDatabaseUrl: string | null;
  /**
   * PostgreSQL connections per process, and how long a query may wait for one before it fails
   * (a starved pool answers an error instead of hanging every request behind it).
   */
  database: { poolSize: number; poolWaitMs: number };
  /**
   * Queued requests and events a service handles at once. Each may hold a database connection
   * (and briefly a second one for the test card processor), so it stays below the pool size:
   * checked at boot.
   */
  queueConcurrency: number;
  /**
   * Where Redis is (REDIS_URL). With REDIS_CLUSTER_NODES set, the URL also carries the cluster's
   * seed nodes (a `cluster` query parameter, see libs/messaging `redisOptions`): every connection
   * made from it, BullMQ's included, is then an ioredis Cluster; the URL's user, password and
   * scheme (rediss: for TLS) apply to every node.
   */
  redisUrl: string;
  /** The Redis Cluster's seed nodes (host:port), or null for a single Redis (the default). */
  redisClusterNodes: string[] | null;
  /** Prefix for every Redis key and BullMQ queue: lets tests and deployments share one Redis. */
  redisPrefix: string;
  publicBaseUrl: string;
  /** Origins allowed to make state-changing requests (the public base URL's origin is always one). */
  allowedOrigins: string[];
  /**
   * Signs the session cookie (a tampered or foreign cookie is refused before any lookup) and
   * derives the token of the services' internal routes. Changing it signs everyone out.
   */
  sessionSecret: string;
  /**
   * Two-factor sign-in: whether admins must turn it on before using the admin area
   * (REQUIRE_ADMIN_2FA), and the key material that encrypts authenticator secrets at rest
   * (TOTP_ENCRYPTION_KEY, 32+ characters; by default derived from SESSION_SECRET under its own
   * label, so set it before ever rotating SESSION_SECRET).
   */
  twoFactor: { requireForAdmins: boolean; encryptionKey: string };
  /** Address every service's HTTP port listens on (BIND_HOST): loopback unless a deployment needs more. */
  bindHost: string;
  ports: { gateway: number; auth: number; qr: number; billing: number; redirect: number; web: number };
  /** Where the gateway fetches QR code images: the qr-service's internal HTTP routes (QR_INTERNAL_URL). */
  qrInternalUrl: string;
  mail: { smtpUrl: string | null; from: string; outboxDir: string; contactTo: string };
  /**
   * Data exports (the account's "Export my data" ZIPs): the folder of the local-disk storage
   * (DATA_EXPORT_DIR) and how many days a ready export can be downloaded (DATA_EXPORT_TTL_DAYS).
   */
  dataExports: { dir: string; ttlDays: number };
  /**
   * Files of content codes (docs/content-codes.md): on local disk in CONTENT_STORAGE_DIR by
   * default, or in any S3-compatible store with CONTENT_STORAGE=s3 and the S3_* settings.
   */
  contentStorage: ContentStorageConfig;
  billing: {
    provider: BillingProviderName;
    /**
     * ALLOW_TEST_PAYMENTS: a production deployment may run the test provider (no real charges)
     * only when it says so; the billing-service refuses to start otherwise.
     */
    allowTestPayments: boolean;
    /** US dollar prices (PRICE_MONTHLY_CENTS, PRICE_ANNUAL_CENTS): `prices.usd`. */
    monthlyPriceCents: number;
    annualPriceCents: number;
    /** Prices per currency, the currencies offered, and Stripe's Price id of each (docs/currencies.md). */
    prices: BillingPricesConfig['prices'];
    currencies: BillingPricesConfig['currencies'];
    stripe: {
      secretKey: string | null;
      publishableKey: string | null;
      webhookSecret: string | null;
      priceMonthly: string | null;
      priceAnnual: string | null;
      /** Price ids per currency and interval (priceMonthly and priceAnnual are the US dollar ones). */
      prices: BillingPricesConfig['stripePrices'];
      /** Only for tests against a local Stripe-shaped server, e.g. http://127.0.0.1:12111 */
      apiBase: string | null;
    };
  };
  /** What our invoices print about the seller, and the tax included in the prices (none unless configured). */
  invoicing: InvoicingConfig;
  /** The site's own social profiles (SOCIAL_LINKS); the footer shows only these, none when unset. */
  socialLinks: SocialLink[];
  geoipCityDb: string | null;
  /** Name of a header set by a trusted CDN carrying the visitor's country (e.g. cf-ipcountry). */
  trustedCountryHeader: string | null;
  /** Destinations on loopback, private and link-local networks are allowed (an intranet deployment). */
  allowPrivateDestinations: boolean;
  /** Outbound webhooks (docs/api.md "Webhooks"). */
  webhooks: {
    /** First retry delay; each next one doubles (WEBHOOK_BACKOFF_BASE_MS). */
    backoffBaseMs: number;
    /** Attempts per event and endpoint, the first included (WEBHOOK_ATTEMPTS). */
    attempts: number;
    /** A receiver must answer within this time (WEBHOOK_TIMEOUT_MS). */
    timeoutMs: number;
    /** scan.created is sent at most this often per endpoint, with every scan since (WEBHOOK_SCAN_BATCH_MS). */
    scanBatchMs: number;
    /** An endpoint is disabled after this many events in a row used up every attempt (WEBHOOK_DISABLE_AFTER_FAILURES). */
    disableAfterFailures: number;
  };
  /** How often each service compares and repairs what must agree (seats and codes, redirect table, outbox). */
  reconcileEveryMs: number;
  /**
   * Addresses (or proxy-addr names: loopback, linklocal, uniquelocal; or CIDR ranges) of the
   * proxies whose X-Forwarded-For the gateway and the redirect-service believe (TRUSTED_PROXIES);
   * anyone else's is ignored.
   */
  trustedProxies: string[];
  /** Days after a scan within which a lead or a sale is attributed to it (CONVERSION_WINDOW_DAYS; docs/conversions.md). */
  conversionWindowDays: number;
  /** Custom short domains (docs/custom-domains.md). */
  domains: {
    /** DNS servers verification asks (DNS_SERVERS, `ip` or `ip:port`, comma-separated); empty: the system's. */
    dnsServers: string[];
    /** How often the domains are checked again (DOMAIN_CHECK_EVERY_MS), by one replica at a time. */
    checkEveryMs: number;
    /** A verified domain whose records went missing keeps redirecting this long, then is disabled (DOMAIN_GRACE_MS). */
    graceMs: number;
    /** A disabled domain is removed, its codes moved back to the default host, after this long (DOMAIN_REMOVE_AFTER_MS). */
    removeAfterMs: number;
    /** Domains one workspace may add (DOMAINS_PER_WORKSPACE). */
    perWorkspace: number;
    /** What a domain's CNAME points at (DOMAIN_CNAME_TARGET), by default the public host. */
    cnameTarget: string;
    /** Or the A/AAAA addresses to give it (DOMAIN_ADDRESSES, comma-separated), for an apex domain. */
    addresses: string[];
  };
  messageTimeoutMs: number;
  /** Abuse limits (requests per window, per client address); test rigs that sign up many users raise them. */
  rateLimits: {
    loginPerIpPerMinute: number;
    signupPerHour: number;
    resetPerHour: number;
    contactPerHour: number;
    /** "Is this username or email taken?" answers (signup, profile), per client address and per session. */
    availabilityPerMinute: number;
    /** Page-visit counts per client address and page. */
    pageVisitsPerMinute: number;
    /** Renders above 1024 px that are not served from the render cache, per user and per client address. */
    largeRendersPerHour: number;
    /** Abuse reports per client address. */
    reportsPerHour: number;
    /** Requests per public API key. */
    apiKeyPerMinute: number;
    /** "Export my data" builds started per user (each reads every scan of the account). */
    dataExportsPerDay: number;
  };
  /**
   * Destination domains the operator refuses (DESTINATION_BLOCKLIST, and one a line in the file
   * DESTINATION_BLOCKLIST_FILE): each one also refuses its subdomains; codes already pointing at
   * one are taken down.
   */
  destinationBlocklist: { domains: string[]; file: string | null };
}

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me';

export function loadConfig(env: Env = process.env): AppConfig {
  const r = new Reader(env);
  const nodeEnv = r.oneOf('NODE_ENV', 'development', ['development', 'production', 'test'] as const);
  const publicBaseUrl = r.url('PUBLIC_BASE_URL', 'http://localhost:8080', ['http:', 'https:']).replace(/\/+$/, '');

  const sessionSecret = r.str('SESSION_SECRET', nodeEnv === 'production' ? '' : DEV_SESSION_SECRET);
  if (sessionSecret.length < 32) {
    r.problems.push('SESSION_SECRET must be set to a random string of at least 32 characters');
  } else if (nodeEnv === 'production' && sessionSecret === DEV_SESSION_SECRET) {
    r.problems.push('SESSION_SECRET must not be the development default in production: set a random string of 32+ characters');
  }

  const bindHost = r.str('BIND_HOST', '127.0.0.1');
  if (!isIP(bindHost)) r.problems.push(`BIND_HOST must be an IP address such as 127.0.0.1 or 0.0.0.0 (got "${bindHost}")`);

  const list = (name: string): string[] =>
    r
      .str(name, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const trustedProxies = r
    .str('TRUSTED_PROXIES', 'loopback')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of trustedProxies) {
    if (!isProxyAddress(entry)) {
      r.problems.push(`TRUSTED_PROXIES must list IP addresses, CIDR ranges or loopback, linklocal, uniquelocal (got "${entry}")`);
    }
  }

  const provider = r.oneOf('BILLING_PROVIDER', 'test', ['test', 'stripe'] as const);
  const stripe = {
    secretKey: r.optional('STRIPE_SECRET_KEY'),
    publishableKey: r.optional('STRIPE_PUBLISHABLE_KEY'),
    webhookSecret: r.optional('STRIPE_WEBHOOK_SECRET'),
    priceMonthly: r.optional('STRIPE_PRICE_MONTHLY'),
    priceAnnual: r.optional('STRIPE_PRICE_ANNUAL'),
    apiBase: r.optional('STRIPE_API_BASE'),
  };
  const billingPrices = readBillingPrices(r, provider);
  if (provider === 'stripe') {
    for (const [key, name] of [
      ['secretKey', 'STRIPE_SECRET_KEY'],
      ['publishableKey', 'STRIPE_PUBLISHABLE_KEY'],
      ['webhookSecret', 'STRIPE_WEBHOOK_SECRET'],
      ['priceMonthly', 'STRIPE_PRICE_MONTHLY'],
      ['priceAnnual', 'STRIPE_PRICE_ANNUAL'],
    ] as const) {
      if (!stripe[key]) r.problems.push(`${name} is required when BILLING_PROVIDER=stripe`);
    }
  }

  const totpKey = r.optional('TOTP_ENCRYPTION_KEY');
  if (totpKey !== null && totpKey.length < 32) r.problems.push('TOTP_ENCRYPTION_KEY must be a random string of at least 32 characters');

  const poolSize = r.int('DB_POOL_SIZE', 10, 3, 1000);
  const queueConcurrency = r.int('QUEUE_CONCURRENCY', Math.max(1, poolSize - 2), 1, 1000);
  if (queueConcurrency > poolSize - 2) {
    r.problems.push(
      `QUEUE_CONCURRENCY (${queueConcurrency}) must be at most DB_POOL_SIZE - 2 (${poolSize - 2}): every request handled ` +
        'at once may hold a database connection, and two are kept for health checks and background work',
    );
  }

  const qrPort = r.int('QR_PORT', 3002, 0, 65535);
  const qrInternalUrl = r.url('QR_INTERNAL_URL', `http://127.0.0.1:${qrPort}`, ['http:', 'https:']).replace(/\/+$/, '');

  const contentStorage = readContentStorage(r);

  const smtpUrl = r.optional('SMTP_URL');
  if (smtpUrl) r.url('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);

  const allowedOrigins = [
    new URL(publicBaseUrl.startsWith('http') ? publicBaseUrl : 'http://localhost:8080').origin,
    ...r
      .str('ALLOWED_ORIGINS', '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ];

  const redisCluster = readRedisCluster(r, r.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']));

  const config: AppConfig = {
    env: nodeEnv,
    logLevel: r.oneOf('LOG_LEVEL', nodeEnv === 'test' ? 'warn' : 'info', [
      'fatal',
      'error',
      'warn',
      'info',
      'debug',
      'trace',
      'silent',
    ] as const),
    databaseUrl: r.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/qrdynamic', ['postgres:', 'postgresql:']),
    analyticsDatabaseUrl: r.optional('ANALYTICS_DATABASE_URL') ? r.url('ANALYTICS_DATABASE_URL', '', ['postgres:', 'postgresql:']) : null,
    database: { poolSize, poolWaitMs: r.int('DB_POOL_WAIT_MS', 10_000, 100, 600_000) },
    queueConcurrency,
    ...readScanConfig(r),
    redisUrl: redisCluster.url,
    redisClusterNodes: redisCluster.nodes,
    redisPrefix: r.str('REDIS_PREFIX', 'qrd'),
    publicBaseUrl,
    qrInternalUrl,
    allowedOrigins,
    sessionSecret,
    twoFactor: {
      requireForAdmins: r.bool('REQUIRE_ADMIN_2FA', false),
      encryptionKey: totpKey ?? `totp-secrets:${sessionSecret}`,
    },
    bindHost,
    ports: {
      gateway: r.int('GATEWAY_PORT', 3000, 0, 65535),
      auth: r.int('AUTH_PORT', 3001, 0, 65535),
      qr: qrPort,
      billing: r.int('BILLING_PORT', 3003, 0, 65535),
      redirect: r.int('REDIRECT_PORT', 3004, 0, 65535),
      web: r.int('WEB_PORT', 8080, 0, 65535),
    },
    mail: {
      smtpUrl,
      from: r.str('MAIL_FROM', 'QR Dynamic <no-reply@localhost>'),
      outboxDir: r.str('MAIL_OUTBOX_DIR', 'tmp/outbox'),
      contactTo: r.str('CONTACT_EMAIL', 'support@localhost'),
    },
    dataExports: {
      dir: r.str('DATA_EXPORT_DIR', 'tmp/data-exports'),
      ttlDays: r.int('DATA_EXPORT_TTL_DAYS', 7, 1, 365),
    },
    contentStorage,
    billing: {
      provider,
      allowTestPayments: r.bool('ALLOW_TEST_PAYMENTS', false),
      monthlyPriceCents: billingPrices.prices.usd.monthly,
      annualPriceCents: billingPrices.prices.usd.annual,
      prices: billingPrices.prices,
      currencies: billingPrices.currencies,
      stripe: { ...stripe, prices: billingPrices.stripePrices },
    },
    invoicing: readInvoicing(r, r.str('CONTACT_EMAIL', 'support@localhost')),
    socialLinks: readSocialLinks(r),
    geoipCityDb: r.optional('GEOIP_CITY_DB'),
    trustedCountryHeader: r.optional('TRUSTED_COUNTRY_HEADER')?.toLowerCase() ?? null,
    allowPrivateDestinations: r.oneOf('ALLOW_PRIVATE_DESTINATIONS', 'false', ['true', 'false'] as const) === 'true',
    webhooks: {
      // 11 s doubled 13 times: 14 attempts over about 25 hours.
      backoffBaseMs: r.int('WEBHOOK_BACKOFF_BASE_MS', 11_000, 10, 3_600_000),
      attempts: r.int('WEBHOOK_ATTEMPTS', 14, 1, 30),
      timeoutMs: r.int('WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000),
      scanBatchMs: r.int('WEBHOOK_SCAN_BATCH_MS', 5_000, 100, 3_600_000),
      disableAfterFailures: r.int('WEBHOOK_DISABLE_AFTER_FAILURES', 5, 1, 1000),
    },
    reconcileEveryMs: r.int('RECONCILE_EVERY_MS', 15 * 60_000, 10_000, 24 * 3600_000),
    trustedProxies,
    conversionWindowDays: r.int('CONVERSION_WINDOW_DAYS', 30, 1, 365),
    domains: {
      dnsServers: list('DNS_SERVERS'),
      checkEveryMs: r.int('DOMAIN_CHECK_EVERY_MS', 10 * 60_000, 200, 24 * 3600_000),
      graceMs: r.int('DOMAIN_GRACE_MS', 3 * 24 * 3600_000, 0, 365 * 24 * 3600_000),
      removeAfterMs: r.int('DOMAIN_REMOVE_AFTER_MS', 30 * 24 * 3600_000, 0, 3650 * 24 * 3600_000),
      perWorkspace: r.int('DOMAINS_PER_WORKSPACE', 10, 0, 100_000),
      cnameTarget: r.str('DOMAIN_CNAME_TARGET', new URL(publicBaseUrl.startsWith('http') ? publicBaseUrl : 'http://localhost:8080').hostname),
      addresses: list('DOMAIN_ADDRESSES'),
    },
    messageTimeoutMs: r.int('MESSAGE_TIMEOUT_MS', 10_000, 100, 600_000),
    rateLimits: {
      loginPerIpPerMinute: r.int('RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE', 30, 1, 1_000_000),
      signupPerHour: r.int('RATE_LIMIT_SIGNUP_PER_HOUR', 20, 1, 1_000_000),
      resetPerHour: r.int('RATE_LIMIT_RESET_PER_HOUR', 10, 1, 1_000_000),
      contactPerHour: r.int('RATE_LIMIT_CONTACT_PER_HOUR', 5, 1, 1_000_000),
      apiKeyPerMinute: r.int('RATE_LIMIT_API_KEY_PER_MINUTE', 600, 1, 1_000_000),
      availabilityPerMinute: r.int('RATE_LIMIT_AVAILABILITY_PER_MINUTE', 30, 1, 1_000_000),
      pageVisitsPerMinute: r.int('RATE_LIMIT_PAGE_VISITS_PER_MINUTE', 30, 1, 1_000_000),
      largeRendersPerHour: r.int('RATE_LIMIT_LARGE_RENDERS_PER_HOUR', 60, 1, 1_000_000),
      reportsPerHour: r.int('RATE_LIMIT_REPORTS_PER_HOUR', 10, 1, 1_000_000),
      dataExportsPerDay: r.int('RATE_LIMIT_DATA_EXPORTS_PER_DAY', 10, 1, 1_000_000),
    },
    destinationBlocklist: {
      domains: (r.optional('DESTINATION_BLOCKLIST') ?? '')
        .split(/[\s,]+/)
        .map((entry) => entry.trim())
        .filter(Boolean),
      file: r.optional('DESTINATION_BLOCKLIST_FILE'),
    },
  };

  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** For main.ts: load or print the problems and exit. */
export function loadConfigOrExit(env: Env = process.env): AppConfig {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
