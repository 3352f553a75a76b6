import sharp from 'sharp';
import { TestHttpClient, TestResponse, waitFor } from '@qrd/testing';
import { newUser, signIn, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';

/**
 * Spec section 6 on the server: every /api route the gateway registers has a row here (a route
 * without one fails the first test), and each row is called as each kind of caller.
 *
 * - anonymous: no session. user: owns the resources (a QR code). other: another user.
 * - admin / superadmin: the back office. A resource that is not the caller's answers 404, for
 *   admins too: the admin pages have their own routes.
 *
 * Default expectations follow the row's access: public -> never 401/403; user -> anonymous 401;
 * admin -> anonymous 401, users 403; superadmin -> admins 403 as well; api (the public API,
 * /api/v1) -> 401 for every session, signed in or not: only an API key counts there (keys are
 * walked through the same rows in api-v1.spec.ts). "Allowed" means neither
 * 401 nor 403 nor a 5xx; writes send an empty body unless the row gives one, so an allowed caller
 * usually gets 400, which shows the access check passed without changing anything.
 */
type Actor = 'anonymous' | 'user' | 'other' | 'admin' | 'superadmin';
type Access = 'public' | 'user' | 'admin' | 'superadmin' | 'api';

const ACTORS: Actor[] = ['anonymous', 'other', 'admin', 'superadmin', 'user'];

interface Fixture {
  users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  /** A code of `user`, and one that a row may delete. */
  codeId: string;
  spareCodeId: string;
}

interface Row {
  access: Access;
  /** The concrete path; by default the route's, with :id the user's code and :token unknown. */
  path?: (f: Fixture) => string;
  body?: unknown;
  /** A body naming the fixture (a bulk action's ids). */
  bodyOf?: (f: Fixture) => unknown;
  /** A body that is a file, not JSON. */
  upload?: () => Promise<{ type: string; data: Buffer }>;
  /** Exact answers where the access level alone does not say it. */
  expect?: Partial<Record<Actor, number | number[]>>;
  /** The call ends the caller's session: it gets a session of its own. */
  endsSession?: boolean;
}

const OWNED = { other: 404, admin: 404, superadmin: 404 } as const;
const OWNED_READ = { user: 200, ...OWNED } as const;
const DESTINATION = 'https://example.com/matrix-secret-destination';
const CODE_UPDATE = { destinationUrl: `${DESTINATION}/2` };
const DESIGN = { foreground: '#112233', background: '#ffffff', errorCorrection: 'M', margin: 2, dotStyle: 'square' };
const LOGO = async () => ({
  type: 'image/png',
  data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer(),
});

export const MATRIX: Record<string, Row> = {
  // Sign-in (apps/gateway/src/auth)
  'POST /api/register': { access: 'public' },
  'POST /api/login': { access: 'public' },
  'POST /api/logout': { access: 'public', endsSession: true, expect: { anonymous: 204, user: 204, admin: 204 } },
  'GET /api/login': { access: 'public', expect: { anonymous: 302, user: 302 } },
  'POST /api/login/two-factor': { access: 'public' },
  'GET /api/auth/user': { access: 'user', expect: { user: 200, admin: 200 } },
  // Account (apps/gateway/src/account)
  'PATCH /api/profile': { access: 'user' },
  'POST /api/change-password': { access: 'user' },
  // Without the password (the empty body) nothing is deleted: 400.
  'DELETE /api/account': { access: 'user' },
  'POST /api/email-change/confirm': { access: 'public' },
  'DELETE /api/email-change': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/two-factor/setup': { access: 'user' },
  'POST /api/two-factor/enable': { access: 'user' },
  'POST /api/two-factor/disable': { access: 'user' },
  // Every signed-in caller has a picture of their own: an upload is theirs, a removal removes theirs.
  'POST /api/profile/picture': { access: 'user', upload: LOGO, expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'GET /api/profile/picture': { access: 'user' },
  'DELETE /api/profile/picture': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // Bulk create from CSV (apps/gateway/src/qr/bulk-imports.controller.ts): each caller previews their own file.
  'POST /api/imports': {
    access: 'user',
    upload: async () => ({ type: 'text/csv', data: Buffer.from('name,destination\r\nMenu,https://example.com/menu\r\n') }),
    expect: { user: 201, other: 201, admin: 201, superadmin: 201 },
  },
  // A code's id is nobody's import.
  'GET /api/imports/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'PUT /api/imports/:id/rows/:row': { access: 'user' },
  'POST /api/imports/:id/confirm': { access: 'user', expect: { user: 404, ...OWNED } },
  'POST /api/imports/:id/cancel': { access: 'user', expect: { user: 404, ...OWNED } },
  'GET /api/imports/:id/result.csv': { access: 'user', expect: { user: 404, ...OWNED } },
  // Exports (apps/gateway/src/qr/data-export.controller.ts): each caller starts and sees their own.
  'POST /api/account/data-export': { access: 'user', expect: { user: 202, other: 202, admin: 202, superadmin: 202 } },
  'GET /api/account/data-export': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // A code's id is nobody's export (the owner's own download is in data-export.spec.ts).
  'GET /api/account/data-export/:id/download': { access: 'user', expect: { user: 404, ...OWNED } },
  'POST /api/password-reset/request': { access: 'public' },
  'GET /api/password-reset/:token': { access: 'public', expect: { anonymous: 200, user: 200 } },
  'POST /api/password-reset/confirm': { access: 'public' },
  'POST /api/contact': { access: 'public' },
  // Admin (apps/gateway/src/admin): :id is the user's account.
  'GET /api/admin/users': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'GET /api/admin/workspaces': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'GET /api/admin/domains': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'POST /api/admin/domains/:id/status': { access: 'admin' },
  'POST /api/admin/users/:id/status': { access: 'admin', path: (f) => `/api/admin/users/${f.users.user.id}/status` },
  'POST /api/admin/users/:id/role': { access: 'superadmin', path: (f) => `/api/admin/users/${f.users.user.id}/role` },
  'DELETE /api/admin/users/:id': { access: 'admin', path: () => '/api/admin/users/00000000-0000-4000-8000-000000000000', expect: { admin: 404, superadmin: 404 } },
  // QR codes (apps/gateway/src/qr): only the owner sees or touches a code.
  'GET /api/qrcodes': { access: 'user', expect: { user: 200, other: 200 } },
  'POST /api/qrcodes': { access: 'user' },
  'GET /api/qrcodes/slug-availability': { access: 'user', path: () => '/api/qrcodes/slug-availability?slug=spring-menu', expect: { user: 200, other: 200 } },
  'GET /api/qrcodes/:id': { access: 'user', expect: OWNED_READ },
  'GET /api/qrcodes/:id/history': { access: 'user', expect: OWNED_READ },
  'GET /api/activity': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'PATCH /api/qrcodes/:id': { access: 'user', body: CODE_UPDATE, expect: { user: 200, ...OWNED } },
  'DELETE /api/qrcodes/:id': { access: 'user', path: (f) => `/api/qrcodes/${f.spareCodeId}`, expect: { user: 204, ...OWNED } },
  'POST /api/qrcodes/:id/activate': { access: 'user', expect: { user: 200, ...OWNED } },
  // Bulk actions: all or nothing, so another caller's selection with the user's code is a 404.
  'POST /api/qrcodes/bulk/activate': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId] }), expect: { user: 200, ...OWNED } },
  'POST /api/qrcodes/bulk/deactivate': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId] }), expect: { user: 200, ...OWNED } },
  'POST /api/qrcodes/bulk/tag': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId], tag: 'matrix', operation: 'add' }), expect: { user: 200, ...OWNED } },
  'POST /api/qrcodes/bulk/folder': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId], folderId: null }), expect: { user: 200, ...OWNED } },
  // The template is checked first: an unknown one answers 400 to every signed-in caller and changes nothing.
  'POST /api/qrcodes/bulk/design-template': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId], templateId: '00000000-0000-4000-8000-000000000000' }) },
  // The spare code may already be gone (its own row deletes it): an id of nobody's code, 404 for everyone.
  'POST /api/qrcodes/bulk/delete': { access: 'user', body: { ids: ['00000000-0000-4000-8000-000000000000'] }, expect: { user: 404, ...OWNED } },
  // Folders and tags: each caller has their own; a code's id is nobody's folder.
  'GET /api/folders': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/folders': { access: 'user', body: { name: 'Matrix folder' }, expect: { user: 201, other: 201, admin: 201, superadmin: 201 } },
  'PATCH /api/folders/:id': { access: 'user', body: { name: 'Renamed' }, expect: { user: 404, ...OWNED } },
  'DELETE /api/folders/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'GET /api/tags': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // Analytics beyond the basics: each caller's own codes.
  'GET /api/analytics/codes': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'GET /api/analytics/patterns': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'GET /api/qrcodes/:id/analytics/patterns': { access: 'user', expect: OWNED_READ },
  'GET /api/weekly-report': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // Workspaces (apps/gateway/src/workspaces): each caller's own; :workspaceId is the user's personal
  // workspace, where the others are not members (404, as for a code of someone else's).
  'GET /api/workspaces': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // Without a name: 400 for every signed-in caller, nothing created.
  'POST /api/workspaces': { access: 'user' },
  'PATCH /api/workspaces/:workspaceId': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}` },
  // Without the password nothing is deleted (400); nobody else learns the workspace exists.
  'DELETE /api/workspaces/:workspaceId': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}`, expect: { user: 400, ...OWNED } },
  'POST /api/workspaces/:workspaceId/transfer': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/transfer` },
  // No offer open: 410 for the owner, 404 for everyone else.
  'POST /api/workspaces/:workspaceId/transfer/accept': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/transfer/accept`, expect: { user: 410, ...OWNED } },
  'DELETE /api/workspaces/:workspaceId/transfer': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/transfer`, expect: { user: 410, ...OWNED } },
  'GET /api/workspaces/:workspaceId/members': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/members`, expect: OWNED_READ },
  // Without a role in the body: 400 for every signed-in caller, before anything is looked up.
  'PATCH /api/workspaces/:workspaceId/members/:userId': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/members/${f.users.user.id}` },
  // Nobody leaves their personal workspace: 409.
  'DELETE /api/workspaces/:workspaceId/members/:userId': {
    access: 'user',
    path: (f) => `/api/workspaces/${f.users.user.id}/members/${f.users.user.id}`,
    expect: { user: 409, ...OWNED },
  },
  'POST /api/workspaces/:workspaceId/invitations': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/invitations` },
  'POST /api/workspaces/:workspaceId/invitations/:invitationId/resend': {
    access: 'user',
    path: (f) => `/api/workspaces/${f.users.user.id}/invitations/00000000-0000-4000-8000-000000000000/resend`,
    expect: { user: 404, ...OWNED },
  },
  'DELETE /api/workspaces/:workspaceId/invitations/:invitationId': {
    access: 'user',
    path: (f) => `/api/workspaces/${f.users.user.id}/invitations/00000000-0000-4000-8000-000000000000`,
    expect: { user: 404, ...OWNED },
  },
  'GET /api/workspaces/:workspaceId/audit': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/audit`, expect: OWNED_READ },
  'GET /api/workspaces/:workspaceId/audit.csv': { access: 'user', path: (f) => `/api/workspaces/${f.users.user.id}/audit.csv`, expect: OWNED_READ },
  'GET /api/invitations/:token': { access: 'public', expect: { anonymous: 410, user: 410, other: 410, admin: 410, superadmin: 410 } },
  'POST /api/invitations/:token/accept': { access: 'user', expect: { user: 410, other: 410, admin: 410, superadmin: 410 } },
  'PUT /api/weekly-report': { access: 'user' },
  // The link in the mail works signed out: its signed token is the credential.
  'POST /api/weekly-report/unsubscribe': { access: 'public' },
  // Hosted pages are public (what a scan lands on); uploads for them are the signed-in user's.
  'GET /api/public/pages/:slug': { access: 'public' },
  'GET /api/public/pages/:slug/contact.vcf': { access: 'public' },
  'GET /api/public/pages/:slug/files/:fileId': { access: 'public' },
  'POST /api/content-files': { access: 'user' },
  // Design templates: each caller has their own; a code's id is nobody's template.
  'GET /api/design-templates': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/design-templates': { access: 'user' },
  'DELETE /api/design-templates/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  // A ZIP of the selection: all or nothing, like the bulk actions.
  'POST /api/qrcodes/archive': { access: 'user', bodyOf: (f) => ({ ids: [f.codeId], format: 'png', size: 256 }), expect: { user: 200, ...OWNED } },
  'POST /api/qrcodes/:id/deactivate': { access: 'user', expect: { user: 200, ...OWNED } },
  'PUT /api/qrcodes/:id/design': { access: 'user', body: DESIGN, expect: { user: 200, ...OWNED } },
  'POST /api/qrcodes/:id/logo': { access: 'user', upload: LOGO, expect: { user: [200, 201], ...OWNED } },
  'DELETE /api/qrcodes/:id/logo': { access: 'user', expect: { user: 200, ...OWNED } },
  'GET /api/qrcodes/:id/preview': { access: 'user', expect: OWNED_READ },
  'GET /api/qrcodes/:id/preview.png': { access: 'user', expect: OWNED_READ },
  'POST /api/qrcodes/:id/preview': { access: 'user', body: DESIGN, expect: { user: [200, 201], ...OWNED } },
  'GET /api/qrcodes/:id/download': { access: 'user', expect: OWNED_READ },
  'GET /api/qrcodes/:id/scans.csv': { access: 'user', expect: OWNED_READ },
  'GET /api/qrcodes/:id/analytics': { access: 'user', expect: OWNED_READ },
  'GET /api/qrcodes/:id/analytics/recent': { access: 'user', expect: OWNED_READ },
  'GET /api/analytics/settings': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'PUT /api/analytics/settings': { access: 'user' },
  // A stream that stays open for its owner: asked for a code nobody has (the owner's own is in live-scans.spec).
  'GET /api/qrcodes/:id/live': { access: 'user', path: () => '/api/qrcodes/7d3e1f2a-9b8c-4d5e-a6f7-0b1c2d3e4f50/live', expect: { user: 404, ...OWNED } },
  'GET /api/analytics': { access: 'user', expect: { user: 200, other: 200 } },
  'GET /api/admin/qr-codes': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'POST /api/admin/redirect-table/rebuild': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'POST /api/admin/reconcile': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  // Billing (apps/gateway/src/billing)
  'GET /api/config': { access: 'public', expect: { anonymous: 200 } },
  'GET /api/subscription': { access: 'user' },
  'POST /api/get-or-create-subscription': { access: 'user' },
  'POST /api/purchase-qr-code': { access: 'user' },
  'POST /api/subscription/cancel': { access: 'user' },
  'POST /api/subscription/resume': { access: 'user' },
  'POST /api/subscription/payment-method': { access: 'user' },
  // Without ?interval= (or a body) nothing is priced or switched: 400.
  'GET /api/subscription/switch-preview': { access: 'user' },
  'POST /api/subscription/switch': { access: 'user' },
  // No switch is waiting: the subscription as it is.
  'DELETE /api/subscription/switch': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  // Invoices: :id is nobody's invoice (the matrix user's code id), so 404 for everyone signed in.
  'GET /api/invoices': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'GET /api/invoices/:id': { access: 'user', expect: { user: 404, other: 404, admin: 404, superadmin: 404 } },
  'GET /api/invoices/:id/pdf': { access: 'user', expect: { user: 404, other: 404, admin: 404, superadmin: 404 } },
  'GET /api/billing-details': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'GET /api/billing/credit': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'PUT /api/billing-details': { access: 'user' },
  'POST /api/test-payments/card': { access: 'user' },
  'POST /api/create-signup-payment-intent': { access: 'public' },
  'POST /api/test-payments/confirm': { access: 'public' },
  'POST /api/test-payments/authenticate': { access: 'public' },
  // Verified by Stripe's signature instead of a session or an Origin.
  'POST /api/webhooks/stripe': { access: 'public', expect: { anonymous: 400 } },
  'GET /api/admin/revenue': { access: 'admin', expect: { admin: 200 } },
  'POST /api/admin/billing/advance-clock': { access: 'admin' },
  // Page visits (apps/gateway/src/page-visits)
  'POST /api/page-visits': { access: 'public' },
  'GET /api/admin/page-visits': { access: 'admin', expect: { admin: 200 } },
  // Abuse handling (apps/gateway/src/abuse): anyone may report; the queue and takedowns are the back office's.
  'POST /api/reports': { access: 'public', expect: { anonymous: 400, user: 400 } },
  'GET /api/admin/reports': { access: 'admin', expect: { admin: 200, superadmin: 200 } },
  'POST /api/admin/reports/:id/status': { access: 'admin', path: () => '/api/admin/reports/00000000-0000-4000-8000-000000000000/status' },
  'POST /api/admin/codes/:slug/takedown': { access: 'admin', path: () => '/api/admin/codes/NoSuch1/takedown' },
  'POST /api/admin/codes/:slug/restore': { access: 'admin', path: () => '/api/admin/codes/NoSuch1/restore', expect: { admin: 404, superadmin: 404 } },
  // API keys (apps/gateway/src/public-api): managed with a session; :id here is not a key of anyone.
  'GET /api/api-keys': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/api-keys': { access: 'user' },
  'DELETE /api/api-keys/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  // Webhook endpoints (apps/gateway/src/public-api): managed with a session; :id here is the user's code, no endpoint of anyone.
  'GET /api/domains/certificate-allowed': { access: 'public', expect: { anonymous: 404 } },
  'GET /api/conversions/settings': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'PUT /api/conversions/settings': { access: 'user' },
  'POST /api/webhooks/stripe-conversions/:workspaceId': { access: 'public', expect: { anonymous: [400, 404] } },
  'GET /api/domains': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/domains': { access: 'user' },
  'PATCH /api/domains/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'DELETE /api/domains/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'POST /api/domains/:id/check': { access: 'user', expect: { user: 404, ...OWNED } },
  'GET /api/webhooks': { access: 'user', expect: { user: 200, other: 200, admin: 200, superadmin: 200 } },
  'POST /api/webhooks': { access: 'user' },
  'PATCH /api/webhooks/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'DELETE /api/webhooks/:id': { access: 'user', expect: { user: 404, ...OWNED } },
  'POST /api/webhooks/:id/rotate-secret': { access: 'user', expect: { user: 404, ...OWNED } },
  'GET /api/webhooks/:id/deliveries': { access: 'user', expect: { user: 404, ...OWNED } },
  'POST /api/webhooks/:id/deliveries/:deliveryId/resend': {
    access: 'user',
    path: (f) => `/api/webhooks/${f.codeId}/deliveries/1/resend`,
    expect: { user: 404, ...OWNED },
  },
  'POST /api/webhooks/:id/test': { access: 'user', expect: { user: 404, ...OWNED } },
  // The public API: by API key only.
  'GET /api/v1/openapi.json': { access: 'public', expect: { anonymous: 200, user: 200 } },
  'GET /api/v1/codes': { access: 'api' },
  'POST /api/v1/codes': { access: 'api' },
  'POST /api/v1/codes/bulk': { access: 'api' },
  'PUT /api/v1/codes/:id/design': { access: 'api', body: DESIGN },
  'GET /api/v1/codes/:id': { access: 'api' },
  'PATCH /api/v1/codes/:id': { access: 'api', body: CODE_UPDATE },
  'DELETE /api/v1/codes/:id': { access: 'api' },
  'GET /api/v1/codes/:id/image': { access: 'api' },
  'GET /api/v1/codes/:id/scans.csv': { access: 'api' },
  'GET /api/v1/codes/:id/scans.ndjson': { access: 'api' },
  'GET /api/v1/codes/:id/analytics': { access: 'api' },
  'GET /api/v1/analytics': { access: 'api' },
  'GET /api/v1/webhooks': { access: 'api' },
  'POST /api/v1/webhooks': { access: 'api' },
  'POST /api/v1/events/lead': { access: 'api' },
  'POST /api/v1/events/sale': { access: 'api' },
  'PATCH /api/v1/webhooks/:id': { access: 'api' },
  'DELETE /api/v1/webhooks/:id': { access: 'api' },
  'POST /api/v1/webhooks/:id/rotate-secret': { access: 'api' },
  'GET /api/v1/webhooks/:id/deliveries': { access: 'api' },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/resend': { access: 'api', path: (f) => `/api/v1/webhooks/${f.codeId}/deliveries/1/resend` },
  'POST /api/v1/webhooks/:id/test': { access: 'api' },
};

/** Every (method, path) the gateway's Express router serves under /api. */
function registeredRoutes(system: TestSystem): string[] {
  const express = system.apps.get('gateway')?.getHttpAdapter().getInstance() as {
    router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] };
  };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route?.path.startsWith('/api/')) continue;
    for (const method of Object.keys(layer.route.methods)) routes.add(`${method.toUpperCase()} ${layer.route.path}`);
  }
  return [...routes].sort();
}

function expectation(row: Row, actor: Actor): { allowed: true } | { statuses: number[] } {
  const exact = row.expect?.[actor];
  if (exact !== undefined) return { statuses: Array.isArray(exact) ? exact : [exact] };
  if (row.access === 'public') return { allowed: true };
  if (row.access === 'api') return { statuses: [401] };
  if (actor === 'anonymous') return { statuses: [401] };
  if (row.access === 'admin' && (actor === 'user' || actor === 'other')) return { statuses: [403] };
  if (row.access === 'superadmin' && actor !== 'superadmin') return { statuses: [403] };
  return { allowed: true };
}

describe('authorization matrix: every /api route, every kind of caller', () => {
  let system: TestSystem;
  let fixture: Fixture;
  const clients = new Map<Actor, TestHttpClient>();

  beforeAll(async () => {
    system = await TestSystem.start();
    const users = {
      user: await newUser(system),
      other: await newUser(system),
      admin: await newUser(system, { role: 'admin' }),
      superadmin: await newUser(system, { role: 'superadmin' }),
    };
    clients.set('anonymous', system.client());
    for (const actor of Object.keys(users) as (keyof typeof users)[]) clients.set(actor, await signIn(system, users[actor]));
    const owner = clients.get('user') as TestHttpClient;
    await subscribe(owner);
    const codeId = await createCode(owner, 'Matrix code');
    // A second code needs a second seat.
    const seat = await owner.post('/api/purchase-qr-code', { name: 'Spare code' });
    if (seat.status !== 200) throw new Error(`buying a seat answered ${seat.status}: ${seat.text}`);
    fixture = { users, codeId, spareCodeId: await createCode(owner, 'Spare code') };
  });
  afterAll(() => system.stop());

  it('has a row for every registered /api route, and no row for a route that is gone', () => {
    const registered = registeredRoutes(system);
    const missing = registered.filter((route) => !(route in MATRIX));
    const stale = Object.keys(MATRIX).filter((route) => !registered.includes(route));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const [method, template] = route.split(' ');
    const path = row.path?.(fixture) ?? template.replace(':id', fixture.codeId).replace(':token', 'no-such-token');
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const client = row.endsSession && actor !== 'anonymous' ? await signIn(system, fixture.users[actor]) : clients.get(actor);
      const res = await send(client as TestHttpClient, method, path, row.bodyOf ? { ...row, body: row.bodyOf(fixture) } : row);
      const wanted = expectation(row, actor);
      const ok = 'allowed' in wanted ? res.status < 500 && res.status !== 401 && res.status !== 403 : wanted.statuses.includes(res.status);
      if (!ok) failures.push(`${actor}: got ${res.status} (${res.text.slice(0, 120)}), wanted ${'allowed' in wanted ? 'allowed' : wanted.statuses.join('|')}`);
      const leak = leakedBy(actor, row, res);
      if (leak) failures.push(`${actor}: the answer contains ${leak}`);
    }
    expect(failures).toEqual([]);
  });

  /** What a caller must never see: another user's address, or the user's code when it is not theirs. */
  function leakedBy(actor: Actor, row: Row, res: TestResponse): string | null {
    const backOffice = (row.access === 'admin' || row.access === 'superadmin') && (actor === 'admin' || actor === 'superadmin');
    if (backOffice || actor === 'user') return actor === 'user' && res.text.includes(fixture.users.other.email) ? "other's email" : null;
    if (res.text.includes(fixture.users.user.email)) return "user's email";
    if (res.text.includes(fixture.codeId) || res.text.includes(DESTINATION)) return "user's code";
    return null;
  }
});

function send(client: TestHttpClient, method: string, path: string, row: Row): Promise<TestResponse> {
  if (!row.upload) return client.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : (row.body ?? {}));
  return row.upload().then(async ({ type, data }) => {
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${client.baseUrl}${path}`, {
      method,
      headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', ...(cookie ? { cookie } : {}) },
      body: new Uint8Array(data),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
  });
}

/** An active subscription through the test payment provider, as the signup screens do it. */
async function subscribe(client: TestHttpClient): Promise<void> {
  const setup = await client.post('/api/get-or-create-subscription?interval=monthly');
  if (setup.status !== 200) throw new Error(`subscription setup answered ${setup.status}: ${setup.text}`);
  const paid = await client.post('/api/test-payments/confirm', {
    clientSecret: setup.json.clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  if (paid.status !== 200) throw new Error(`test payment answered ${paid.status}: ${paid.text}`);
  await waitFor(async () => {
    const res = await client.get('/api/subscription');
    if (res.json?.status !== 'active') throw new Error(`subscription is ${res.text}`);
  });
}

async function createCode(client: TestHttpClient, name: string): Promise<string> {
  const res = await client.post('/api/qrcodes', { name, destinationUrl: DESTINATION });
  if (res.status !== 201) throw new Error(`creating a code answered ${res.status}: ${res.text}`);
  return res.json.id as string;
}
