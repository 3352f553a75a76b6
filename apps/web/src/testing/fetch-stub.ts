import {
  type ConversionSettingsView,
  type RecentMinutes,
  type AnalyticsSettingsView,
  type BulkImportCells,
  type BulkImportView,
  ErrorCode,
  type AbuseReportPage,
  type AbuseReportView,
  type AccountAnalytics,
  type ApiKeyView,
  type CreateApiKeyDto,
  type CreatedApiKey,
  type BillingConfigView,
  type ChangePasswordDto,
  type CodeAnalytics,
  type CodeComparisonPage,
  type ScanPatterns,
  type WeeklyReportSetting,
  type ConfirmEmailChangeDto,
  type CurrentPasswordDto,
  type DataExportView,
  type LatestDataExport,
  type DisableTwoFactorDto,
  type RecoveryCodesView,
  type SecondFactorCodeDto,
  type TwoFactorChallengeView,
  type TwoFactorLoginDto,
  type TwoFactorSetupView,
  type CodePage,
  type ActivityPage,
  type CodeHistoryPage,
  type BulkResult,
  type FolderDto,
  type FolderView,
  type TagCount,
  type CreateQrCodeDto,
  type ErrorBody,
  type BillingDetailsDto,
  type AccountCreditView,
  type BillingDetailsView,
  type InvoiceSummaryView,
  type IntervalSwitchPreviewView,
  type IntervalSwitchResultView,
  type SwitchIntervalDto,
  type PaymentMethodUpdateView,
  type PaymentOutcomeView,
  type PaymentSetupView,
  type PurchaseQrCodeDto,
  type ReconcileReport,
  type SlugAvailability,
  type PurchaseResultView,
  type ReportCodeDto,
  type ReportedCodeView,
  type SetReportStatusDto,
  type TakeDownCodeDto,
  type QrCodeView,
  type QrDesignInput,
  type DesignTemplateView,
  type RegisterDto,
  type SignupPaymentDto,
  type SubscriptionView,
  type TestAuthenticatePaymentDto,
  type TestCardDto,
  type TestConfirmPaymentDto,
  type UpdateProfileDto,
  type UpdateQrCodeDto,
  type UserView,
  type AdminDomainStatusDto,
  type CreateDomainDto,
  type DomainView,
  type UpdateDomainDto,
  type CreateWebhookDto,
  type UpdateWebhookDto,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type PublicPage,
  type WorkspaceView,
} from '@qrd/contracts';

/**
 * The browser's network boundary in component tests: a `fetch` that answers the gateway's routes
 * as the tests say, typed by the API contract (libs/contracts), so a stubbed answer has the shape
 * the real one has. Everything above it (API client, React Query, components) is the real code.
 */

/** Request body and answer of each route the web app calls, as the gateway defines them. */
export interface ApiRoutes {
  'GET /api/auth/user': { body: undefined; res: UserView };
  'PATCH /api/profile': { body: UpdateProfileDto; res: UserView };
  'POST /api/change-password': { body: ChangePasswordDto; res: undefined };
  'POST /api/login': { body: { username: string; password: string }; res: UserView | TwoFactorChallengeView };
  'POST /api/login/two-factor': { body: TwoFactorLoginDto; res: UserView };
  'DELETE /api/account': { body: CurrentPasswordDto; res: undefined };
  'DELETE /api/email-change': { body: undefined; res: UserView };
  'POST /api/email-change/confirm': { body: ConfirmEmailChangeDto; res: { email: string } };
  'POST /api/two-factor/setup': { body: CurrentPasswordDto; res: TwoFactorSetupView };
  'POST /api/two-factor/enable': { body: SecondFactorCodeDto; res: RecoveryCodesView };
  'POST /api/two-factor/disable': { body: DisableTwoFactorDto; res: undefined };
  'POST /api/register': { body: RegisterDto; res: UserView };
  'GET /api/config': { body: undefined; res: BillingConfigView };
  'GET /api/subscription': { body: undefined; res: SubscriptionView };
  'POST /api/subscription/cancel': { body: undefined; res: SubscriptionView };
  'POST /api/subscription/resume': { body: undefined; res: SubscriptionView };
  'POST /api/subscription/payment-method': { body: undefined; res: PaymentMethodUpdateView };
  'GET /api/subscription/switch-preview': { body: undefined; res: IntervalSwitchPreviewView };
  'POST /api/subscription/switch': { body: SwitchIntervalDto; res: IntervalSwitchResultView };
  'DELETE /api/subscription/switch': { body: undefined; res: SubscriptionView };
  'GET /api/invoices': { body: undefined; res: InvoiceSummaryView[] };
  'GET /api/billing-details': { body: undefined; res: BillingDetailsView };
  'GET /api/billing/credit': { body: undefined; res: AccountCreditView };
  'PUT /api/billing-details': { body: BillingDetailsDto; res: BillingDetailsView };
  'POST /api/test-payments/card': { body: TestCardDto; res: SubscriptionView };
  'POST /api/test-payments/confirm': { body: TestConfirmPaymentDto; res: PaymentOutcomeView };
  'POST /api/test-payments/authenticate': { body: TestAuthenticatePaymentDto; res: PaymentOutcomeView };
  'POST /api/create-signup-payment-intent': { body: SignupPaymentDto; res: PaymentSetupView };
  'POST /api/get-or-create-subscription': { body: undefined; res: PaymentSetupView };
  'POST /api/purchase-qr-code': { body: PurchaseQrCodeDto; res: PurchaseResultView };
  'GET /api/analytics': { body: undefined; res: AccountAnalytics };
  'POST /api/admin/reconcile': { body: undefined; res: ReconcileReport };
  'GET /api/qrcodes/:id/analytics': { body: undefined; res: CodeAnalytics };
  'GET /api/qrcodes/:id/analytics/patterns': { body: undefined; res: ScanPatterns };
  'GET /api/analytics/patterns': { body: undefined; res: ScanPatterns };
  'GET /api/analytics/codes': { body: undefined; res: CodeComparisonPage };
  'GET /api/weekly-report': { body: undefined; res: WeeklyReportSetting };
  'PUT /api/weekly-report': { body: { enabled: boolean }; res: WeeklyReportSetting };
  'POST /api/weekly-report/unsubscribe': { body: { token: string }; res: WeeklyReportSetting };
  /** Without parameters the spec's list; with limit, sort, q... one page of the dashboard. */
  'GET /api/qrcodes': { body: undefined; res: QrCodeView[] | CodePage<QrCodeView> };
  'POST /api/qrcodes': { body: CreateQrCodeDto; res: QrCodeView };
  'GET /api/qrcodes/slug-availability': { body: undefined; res: SlugAvailability };
  'GET /api/qrcodes/:id': { body: undefined; res: QrCodeView };
  'GET /api/qrcodes/:id/history': { body: undefined; res: CodeHistoryPage };
  /** The file itself (a blob to the app); tests answer any text. */
  'GET /api/qrcodes/:id/download': { body: undefined; res: string };
  'GET /api/activity': { body: undefined; res: ActivityPage };
  'PATCH /api/qrcodes/:id': { body: UpdateQrCodeDto; res: QrCodeView };
  'GET /api/tags': { body: undefined; res: TagCount[] };
  'GET /api/folders': { body: undefined; res: FolderView[] };
  'POST /api/folders': { body: FolderDto; res: FolderView };
  'PATCH /api/folders/:id': { body: FolderDto; res: FolderView };
  'DELETE /api/folders/:id': { body: undefined; res: undefined };
  /** activate, deactivate, delete (ids), tag (ids, tag, operation), folder (ids, folderId). */
  /** A streamed ZIP of the chosen codes' images (tests answer errors here; streams are faked per test). */
  'POST /api/qrcodes/archive': { body: { ids: string[]; format: string; size: number }; res: string };
  'POST /api/qrcodes/bulk/:action': { body: { ids: string[]; tag?: string; operation?: string; folderId?: string | null; templateId?: string }; res: BulkResult };
  'GET /api/public/pages/:slug': { body: undefined; res: PublicPage };
  'GET /api/qrcodes/:id/preview': { body: undefined; res: { dataUrl: string } };
  'POST /api/qrcodes/:id/preview': { body: QrDesignInput; res: { dataUrl: string } };
  'PUT /api/qrcodes/:id/design': { body: QrDesignInput; res: QrCodeView };
  'GET /api/design-templates': { body: undefined; res: DesignTemplateView[] };
  'POST /api/design-templates': { body: { name: string; design: QrDesignInput; codeId: string }; res: DesignTemplateView };
  'DELETE /api/design-templates/:id': { body: undefined; res: { ok: true } };
  'GET /api/imports/:id': { body: undefined; res: BulkImportView };
  'PUT /api/imports/:id/rows/:row': { body: BulkImportCells; res: BulkImportView };
  'POST /api/imports/:id/confirm': { body: { totalCents: number; designTemplateId: string | null }; res: BulkImportView };
  'POST /api/imports/:id/cancel': { body: undefined; res: BulkImportView };
  'POST /api/reports': { body: ReportCodeDto; res: { message: string } };
  'GET /api/admin/reports': { body: undefined; res: AbuseReportPage };
  'POST /api/admin/reports/:id/status': { body: SetReportStatusDto; res: AbuseReportView };
  'POST /api/admin/codes/:slug/takedown': { body: TakeDownCodeDto; res: ReportedCodeView };
  'POST /api/admin/codes/:slug/restore': { body: undefined; res: ReportedCodeView };
  'GET /api/api-keys': { body: undefined; res: ApiKeyView[] };
  'POST /api/api-keys': { body: CreateApiKeyDto; res: CreatedApiKey };
  'DELETE /api/api-keys/:id': { body: undefined; res: undefined };
  'GET /api/webhooks': { body: undefined; res: WebhookEndpointView[] };
  'POST /api/webhooks': { body: CreateWebhookDto; res: WebhookEndpointWithSecret };
  'PATCH /api/webhooks/:id': { body: UpdateWebhookDto; res: WebhookEndpointView };
  'DELETE /api/webhooks/:id': { body: undefined; res: undefined };
  'POST /api/webhooks/:id/rotate-secret': { body: Record<string, never>; res: WebhookEndpointWithSecret };
  'GET /api/webhooks/:id/deliveries': { body: undefined; res: WebhookDeliveryView[] };
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': { body: Record<string, never>; res: undefined };
  'POST /api/webhooks/:id/test': { body: Record<string, never>; res: undefined };
  'GET /api/workspaces': { body: undefined; res: WorkspaceView[] };
  'GET /api/conversions/settings': { body: undefined; res: ConversionSettingsView };
  'GET /api/qrcodes/:id/analytics/recent': { body: undefined; res: RecentMinutes };
  'GET /api/analytics/settings': { body: undefined; res: AnalyticsSettingsView };
  'PUT /api/analytics/settings': { body: { euPrivacy: boolean }; res: AnalyticsSettingsView };
  'PUT /api/conversions/settings': { body: { stripeWebhookSecret: string | null }; res: ConversionSettingsView };
  'GET /api/domains': { body: undefined; res: DomainView[] };
  'POST /api/domains': { body: CreateDomainDto; res: DomainView };
  'PATCH /api/domains/:id': { body: UpdateDomainDto; res: DomainView };
  'DELETE /api/domains/:id': { body: undefined; res: undefined };
  'POST /api/domains/:id/check': { body: Record<string, never>; res: DomainView };
  'GET /api/admin/domains': { body: undefined; res: (DomainView & { workspaceId: string })[] };
  'POST /api/admin/domains/:id/status': { body: AdminDomainStatusDto; res: DomainView };
  'GET /api/account/data-export': { body: undefined; res: LatestDataExport };
  'POST /api/account/data-export': { body: undefined; res: DataExportView };
  /** The body is the image file itself (a Blob), not JSON. */
  'POST /api/profile/picture': { body: unknown; res: UserView };
  'DELETE /api/profile/picture': { body: undefined; res: UserView };
}

export type Route = keyof ApiRoutes;

export interface StubRequest<B = unknown> {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Request headers, names in lower case. */
  headers: Record<string, string>;
  body: B;
}

/** An answer: a status with the route's JSON body, or an error in the gateway's {code, message, fields} shape. */
export type Reply<T> = { status: number; body: T } | { status: number; error: ErrorBody };

type Handler<R extends Route> = (request: StubRequest<ApiRoutes[R]['body']>) => Reply<ApiRoutes[R]['res']> | Promise<Reply<ApiRoutes[R]['res']>>;

/** 200 (or `status`) with a JSON body. */
export function ok<T>(body: T, status = 200): Reply<T> {
  return { status, body };
}

/** 204 No Content. */
export function noContent(): Reply<undefined> {
  return { status: 204, body: undefined };
}

/** A failure as the gateway sends it: `<status>` with {code, message, fields?}. */
export function fail(status: number, error: ErrorBody): Reply<never> {
  return { status, error };
}

interface Registered {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: (request: StubRequest) => Reply<unknown> | Promise<Reply<unknown>>;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Just what the API client reads of a Response (status, ok, statusText, headers, text, blob). */
function toResponse(reply: Reply<unknown>): Response {
  const status = reply.status;
  const text = 'error' in reply ? JSON.stringify(reply.error) : reply.body === undefined ? '' : JSON.stringify(reply.body);
  const contentType = text ? 'application/json; charset=utf-8' : null;
  const headers = { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) };
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    headers,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text]),
  } as Response;
}

export class FetchStub {
  private readonly routes: Registered[] = [];
  /** Every request the app made, in order. */
  readonly requests: StubRequest[] = [];
  /** Requests no route answered (each also got a 501). */
  readonly unhandled: string[] = [];

  /** Answers `route` with `reply`, or with what `handler` returns for each request; the latest registration wins. */
  on<R extends Route>(route: R, reply: Handler<R> | Reply<ApiRoutes[R]['res']>): this {
    const [method, path] = route.split(' ');
    const { pattern, names } = compile(path);
    const handler = typeof reply === 'function' ? reply : () => reply;
    this.routes.unshift({ method, pattern, names, handler: handler as Registered['handler'] });
    return this;
  }

  /** The requests made to `route` (method and path pattern), in order. */
  calls<R extends Route>(route: R): StubRequest<ApiRoutes[R]['body']>[] {
    const [method, path] = route.split(' ');
    const { pattern } = compile(path);
    return this.requests.filter((r) => r.method === method && pattern.test(r.path)) as StubRequest<ApiRoutes[R]['body']>[];
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as unknown) : init.body ?? undefined;
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const request: StubRequest = { method, path: url.pathname, params: {}, query: url.searchParams, headers, body };
    this.requests.push(request);
    for (const route of this.routes) {
      const match = route.method === method ? route.pattern.exec(url.pathname) : null;
      if (!match) continue;
      route.names.forEach((name, index) => (request.params[name] = decodeURIComponent(match[index + 1])));
      return toResponse(await route.handler(request));
    }
    this.unhandled.push(`${method} ${url.pathname}`);
    return toResponse(fail(501, { code: ErrorCode.Internal, message: `No stub for ${method} ${url.pathname}` }));
  };
}

let installed: FetchStub | null = null;

/** A fresh stub as the global fetch for this test (testing/setup-dom.ts removes it afterwards). */
export function installFetchStub(): FetchStub {
  const stub = new FetchStub();
  installed = stub;
  globalThis.fetch = stub.fetch as typeof fetch;
  return stub;
}

/** Called after each test: fails it when the app called a route the test did not answer. */
export function uninstallFetchStub(): void {
  const stub = installed;
  installed = null;
  if (stub && stub.unhandled.length > 0) {
    throw new Error(`Requests without a stubbed answer: ${stub.unhandled.join(', ')}`);
  }
}

/** A promise the test resolves when it wants: holds an answer back to observe the waiting state. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
