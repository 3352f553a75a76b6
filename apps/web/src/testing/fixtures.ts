import type {
  AccountAnalytics,
  BillingConfigView,
  CodePage,
  DesignTemplateView,
  DomainView,
  PaymentOutcomeView,
  PaymentSetupView,
  QrCodeView,
  ScanPatterns,
  SubscriptionView,
  UserView,
} from '@qrd/contracts';

/** Answers as the gateway gives them, with overrides for what a test is about. */

export function aUser(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'u-1',
    username: 'ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    role: 'user',
    status: 'active',
    createdAt: '2026-01-05T10:00:00.000Z',
    pendingEmail: null,
    twoFactorEnabled: false,
    twoFactorRequired: false,
    language: null,
    ...overrides,
  };
}

/** GET /api/qrcodes?limit=1 as a count: a page whose total is `total`. */
export function aCodeCount(total: number): CodePage<QrCodeView> {
  return { items: [], nextCursor: null, total };
}

export function aCode(overrides: Partial<QrCodeView> = {}): QrCodeView {
  const id = overrides.id ?? 'c-1';
  return {
    id,
    slug: 'abc123',
    shortUrl: 'http://localhost/r/abc123',
    domain: null,
    linkUrl: 'http://localhost/l/abc123',
    name: 'Table menu',
    destinationUrl: 'https://example.com/menu',
    category: null,
    tags: [],
    folderId: null,
    design: {
      foreground: '#000000',
      background: '#ffffff',
      errorCorrection: 'M',
      margin: 4,
      dotStyle: 'square',
      eyeStyle: null,
      eyeColour: null,
      gradient: null,
      transparent: false,
      frame: 'none',
      frameText: 'Scan me',
      hasLogo: false,
    },
    state: 'active',
    deactivatedByOwner: false,
    suspended: { billing: false, account: false },
    totalScans: 0,
    lastScanAt: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
    // A code given only a stored state is effectively in it (no campaign controls in the way).
    effectiveState: overrides.effectiveState ?? overrides.state ?? 'active',
  };
}

/** A saved design template: a code's design (no logo) under a name. */
export function aTemplate(overrides: Partial<DesignTemplateView> = {}): DesignTemplateView {
  return { id: 't-1', name: 'Brand', design: { ...aCode().design, foreground: '#0d47a1' }, createdAt: '2026-01-05T10:00:00.000Z', ...overrides };
}

export function aSubscription(overrides: Partial<SubscriptionView> = {}): SubscriptionView {
  return {
    status: 'active',
    provider: 'test',
    interval: 'monthly',
    seats: 1,
    seatsUsed: 1,
    unitAmountCents: 349,
    periodAmountCents: 349,
    currentPeriodEnd: '2026-02-05T10:00:00.000Z',
    cancelAtPeriodEnd: false,
    card: { brand: 'visa', last4: '4242' },
    redirectsEnabled: true,
    entitled: true,
    pendingInterval: null,
    ...overrides,
  };
}

/** A subscription that was never taken. */
export function noSubscription(): SubscriptionView {
  return aSubscription({
    status: null,
    interval: null,
    seats: 0,
    seatsUsed: 0,
    unitAmountCents: null,
    periodAmountCents: null,
    currentPeriodEnd: null,
    card: null,
    redirectsEnabled: false,
    entitled: false,
  });
}

export function aBillingConfig(overrides: Partial<BillingConfigView> = {}): BillingConfigView {
  return {
    provider: 'test',
    publishableKey: null,
    currency: 'usd',
    prices: { monthly: { interval: 'monthly', unitAmountCents: 349 }, annual: { interval: 'annual', unitAmountCents: 3490 } },
    socialLinks: [],
    ...overrides,
  };
}

export function aPaymentSetup(overrides: Partial<PaymentSetupView> = {}): PaymentSetupView {
  return {
    clientSecret: 'pi_test_secret_0001',
    customerId: 'cus_test_1',
    subscriptionId: 'sub_test_1',
    status: 'incomplete',
    interval: 'monthly',
    seats: 1,
    amountCents: 349,
    ...overrides,
  };
}

export function anOutcome(status: PaymentOutcomeView['status'], message?: string): PaymentOutcomeView {
  return {
    status,
    paymentIntentId: 'pi_test_1',
    error: message ? { code: 'card_declined', declineCode: 'generic_decline', message } : null,
    nextAction: status === 'requires_action' ? { type: 'authenticate' } : null,
  };
}

export function anAccountAnalytics(overrides: Partial<AccountAnalytics> = {}): AccountAnalytics {
  return {
    totalScans: 1307,
    lastMonth: 421,
    qrCodes: 12,
    activeCodes: 11,
    lastScan: null,
    uniqueScans30Days: 300,
    botScans: 4,
    thisMonth: 120,
    previousMonth: 100,
    tz: 'UTC',
    from: '2026-06-01',
    to: '2026-06-30',
    granularity: 'day',
    scans: 421,
    uniqueScans: 300,
    rangeBotScans: 4,
    series: [],
    topCodes: [],
    recentActivity: [],
    countries: [],
    regions: [],
    cities: [],
    devices: [],
    os: [],
    browsers: [],
    referrers: [],
    ...overrides,
  };
}

/** The map and heatmap answer of a period: scans from Germany (two cities placed, one not) and the UK. */
export function aScanPatterns(overrides: Partial<ScanPatterns> = {}): ScanPatterns {
  return {
    codeId: null,
    from: '2026-06-01',
    to: '2026-06-30',
    tz: 'UTC',
    heatmap: Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0)),
    countries: [
      { key: 'DE', scans: 10 },
      { key: 'GB', scans: 4 },
    ],
    cities: [
      { key: 'Berlin', country: 'DE', region: 'Land Berlin', lat: 52.52, lon: 13.41, scans: 5 },
      { key: 'Bracknell', country: 'GB', region: 'England', lat: 51.4, lon: -0.76, scans: 4 },
      { key: 'Aachen', country: 'DE', region: 'North Rhine-Westphalia', lat: 50.79, lon: 6.09, scans: 3 },
      { key: 'Kleinstadt', country: 'DE', scans: 1 },
    ],
    ...overrides,
  };
}

/** A 1x1 PNG as the preview endpoints return it. */
export const PREVIEW_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A custom domain as GET /api/domains lists it: pending (its TXT record not seen yet) unless overridden. */
export function aDomain(overrides: Partial<DomainView> = {}): DomainView {
  const hostname = overrides.hostname ?? 'qr.acme.com';
  const pending = {
    id: '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e01',
    hostname,
    unicodeHostname: hostname,
    state: 'pending' as const,
    reason: null,
    lastCheckedAt: null,
    verifiedAt: null,
    disablesAt: null,
    dns: {
      challenge: { type: 'TXT' as const, name: `_qrd-challenge.${hostname}`, value: 'qrd-verify=Zm9vYmFyYmF6cXV4MTIzNDU2' },
      cname: 'links.qrdynamic.example',
      addresses: [] as string[],
    },
    rootRedirect: null,
    notFoundRedirect: null,
    expiredRedirect: null,
    hsts: false,
    codes: 0,
    createdAt: '2026-11-28T09:00:00.000Z',
  };
  return { ...pending, ...overrides };
}
