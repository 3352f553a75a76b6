import sharp from 'sharp';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { can, WorkspacePermission, WorkspaceRole } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, TestHttpClient, TestResponse, waitFor } from '@qrd/testing';
import type { WorkspaceRule } from '../../../apps/gateway/src/sessions/workspace-context';
import { newUser, signIn, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';
import { createCode, subscribedCustomer } from './qr-fixtures';

/**
 * The role matrix on the server: every gateway route that acts in a workspace, called in a shared
 * workspace by each kind of member and by those who are not (or no longer) members. The routes and
 * their rules are read from the running gateway, so a new route is walked as soon as it exists, and
 * a signed-in route that declares no workspace rule fails unless it is one of the account's own.
 */
type Actor = WorkspaceRole | 'outsider' | 'removed' | 'anonymous';
const ACTORS: Actor[] = ['anonymous', 'outsider', 'removed', 'viewer', 'billing', 'editor', 'admin', 'owner'];
const MEMBER_ROLES = ['admin', 'editor', 'viewer', 'billing'] as const;

/** Signed-in routes about the person, not a workspace: their account, sign-in and the workspaces they are in. */
const PERSONAL = [
  /^\/api\/auth\//,
  /^\/api\/(profile|change-password|account|email-change|two-factor|weekly-report)/,
  /^\/api\/(workspaces|invitations)/,
  /^\/api\/account\/data-export/,
  /^\/api\/v1\//,
];

/** Routes that take a file, checked for its type before anything else: each gets a real one. */
const UPLOADS: Record<string, () => Promise<{ type: string; data: Buffer }>> = {
  'POST /api/qrcodes/:id/logo': async () => ({
    type: 'image/png',
    data: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } }).png().toBuffer(),
  }),
  'POST /api/imports': async () => ({ type: 'text/csv', data: Buffer.from('name,destination\r\nMenu,https://example.com/menu\r\n') }),
};

/** Routes that answer a stream kept open (Server-Sent Events): only their status and headers are read. */
const STREAMS = new Set(['GET /api/qrcodes/:id/live']);

/** One call in the owner's workspace: JSON (an empty object for writes), or the route's file. */
async function call(client: TestHttpClient, route: WorkspaceRoute, path: string, workspaceId: string): Promise<TestResponse> {
  if (STREAMS.has(`${route.method} ${route.path}`)) {
    const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
    const stop = new AbortController();
    const res = await fetch(`${client.baseUrl}${path}`, { headers: { 'x-workspace': workspaceId, ...(cookie ? { cookie } : {}) }, signal: stop.signal });
    if (res.ok) {
      stop.abort();
      return { status: res.status, headers: res.headers, text: '', json: undefined };
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
  }
  const upload = UPLOADS[`${route.method} ${route.path}`];
  if (!upload) return client.request(route.method, path, route.method === 'GET' ? undefined : {}, { 'x-workspace': workspaceId });
  const { type, data } = await upload();
  const cookie = [...client.cookieJar()].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: route.method,
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', 'x-workspace': workspaceId, ...(cookie ? { cookie } : {}) },
    body: new Uint8Array(data),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: text ? JSON.parse(text) : undefined };
}

interface WorkspaceRoute {
  method: string;
  path: string;
  rule: WorkspaceRule | undefined;
}

const METHODS: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'GET',
  [RequestMethod.POST]: 'POST',
  [RequestMethod.PUT]: 'PUT',
  [RequestMethod.PATCH]: 'PATCH',
  [RequestMethod.DELETE]: 'DELETE',
};

/** Every signed-in route of the gateway with the workspace rule it declares (on itself or its controller). */
function signedInRoutes(system: TestSystem): WorkspaceRoute[] {
  const gateway = system.apps.get('gateway');
  if (!gateway) throw new Error('the gateway is not running');
  const modules = gateway.get(ModulesContainer);
  const routes: WorkspaceRoute[] = [];
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        const access = Reflect.getMetadata('access', handler) ?? Reflect.getMetadata('access', controller);
        if (access !== 'user') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod] ?? '?';
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const path = `/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
        const rule = (Reflect.getMetadata('workspace-rule', handler) ?? Reflect.getMetadata('workspace-rule', controller)) as WorkspaceRule | undefined;
        routes.push({ method, path, rule });
      }
    }
  }
  return routes;
}

function allowed(role: WorkspaceRole, method: string, rule: WorkspaceRule): boolean {
  const needed = method === 'GET' ? rule.read : (rule.write ?? rule.read);
  return (Array.isArray(needed) ? needed : [needed]).some((permission: WorkspacePermission) => can(role, permission));
}

describe('the workspace role matrix, route by route', () => {
  let system: TestSystem;
  let sink: SmtpSink;
  let owner: { user: TestUser; client: TestHttpClient };
  let codeId: string;
  const clients = new Map<Actor, TestHttpClient>();
  const client = (actor: Actor): TestHttpClient => {
    const found = clients.get(actor);
    if (!found) throw new Error(`no client for ${actor}`);
    return found;
  };

  async function join(role: (typeof MEMBER_ROLES)[number]): Promise<{ user: TestUser; client: TestHttpClient }> {
    const user = await newUser(system);
    const invited = await owner.client.post(`/api/workspaces/${owner.user.id}/invitations`, { email: user.email, role });
    if (invited.status !== 201) throw new Error(`invite answered ${invited.status}: ${invited.text}`);
    await waitFor(() => expect(sink.mailsTo(user.email)).toHaveLength(1), 15_000);
    const token = /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(decodeQuotedPrintable(sink.mailsTo(user.email)[0].raw))?.[1];
    const client = await signIn(system, user);
    const accepted = await client.post(`/api/invitations/${token}/accept`);
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}: ${accepted.text}`);
    return { user, client };
  }

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({ env: { SMTP_URL: sink.url } });
    owner = await subscribedCustomer(system);
    codeId = (await createCode(owner.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' })).id;
    clients.set('owner', owner.client);
    for (const role of MEMBER_ROLES) clients.set(role, (await join(role)).client);
    const removed = await join('editor');
    expect((await owner.client.delete(`/api/workspaces/${owner.user.id}/members/${removed.user.id}`)).status).toBe(204);
    clients.set('removed', removed.client);
    clients.set('outsider', await signIn(system, await newUser(system)));
    clients.set('anonymous', system.client());
  });

  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  it('has a workspace rule on every signed-in route that is not about the person', () => {
    const without = signedInRoutes(system)
      .filter((route) => !route.rule && !PERSONAL.some((pattern) => pattern.test(route.path)))
      .map((route) => `${route.method} ${route.path}`);
    expect(without).toEqual([]);
  });

  it('answers each route in a shared workspace as the matrix says, for every kind of caller', async () => {
    const routes = signedInRoutes(system).filter((route): route is WorkspaceRoute & { rule: WorkspaceRule } => !!route.rule);
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(':id', codeId).replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');
      for (const actor of ACTORS) {
        const res = await call(client(actor), route, path, owner.user.id);
        const message = String(res.json?.message ?? '');
        let expected: string;
        let ok: boolean;
        if (actor === 'anonymous') {
          expected = '401';
          ok = res.status === 401;
        } else if (actor === 'outsider' || actor === 'removed') {
          expected = '404 Workspace not found';
          ok = res.status === 404 && message === 'Workspace not found';
        } else if (allowed(actor, route.method, route.rule)) {
          expected = 'allowed';
          ok = ![401, 403].includes(res.status) && res.status < 500 && message !== 'Workspace not found';
        } else {
          expected = '403 for the role';
          ok = res.status === 403 && message === `Your role in this workspace (${actor}) does not allow this`;
        }
        if (!ok) failures.push(`${route.method} ${route.path} as ${actor}: expected ${expected}, got ${res.status} ${message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an editor create a code in the shared workspace, on its seats, which the viewer then sees and cannot change', async () => {
    const editor = client('editor');
    const viewer = client('viewer');
    const inWorkspace = { 'x-workspace': owner.user.id };
    // The owner's one seat is used by Menu: a second code needs a seat, which an editor cannot buy.
    const buy = await editor.request('POST', '/api/purchase-qr-code', { price: 3.49 }, inWorkspace);
    expect(buy.status).toBe(403);
    expect((await owner.client.post('/api/purchase-qr-code', { name: 'Poster', price: 3.49 })).status).toBe(200);
    const created = await editor.request('POST', '/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/poster' }, inWorkspace);
    expect(created.status).toBe(201);

    const seen = await viewer.request('GET', `/api/qrcodes/${created.json.id}`, undefined, inWorkspace);
    expect([seen.status, seen.json.name]).toEqual([200, 'Poster']);
    const changed = await viewer.request('PATCH', `/api/qrcodes/${created.json.id}`, { name: 'Mine now' }, inWorkspace);
    expect(changed.status).toBe(403);
    expect((await owner.client.get(`/api/qrcodes/${created.json.id}`)).json.name).toBe('Poster');
    // In their own workspace (no header) the viewer has no such code.
    expect((await viewer.get(`/api/qrcodes/${created.json.id}`)).status).toBe(404);
  });

  it('keeps the seats exact when two members create codes at once: one free seat, one code', async () => {
    const inWorkspace = { 'x-workspace': owner.user.id };
    const before = ((await owner.client.get('/api/qrcodes')).json as unknown[]).length;
    expect((await owner.client.post('/api/purchase-qr-code', { name: 'Spare', price: 3.49 })).status).toBe(200);
    const answers = await Promise.all(
      (['editor', 'admin'] as const).map((actor) =>
        client(actor).request('POST', '/api/qrcodes', { name: `By ${actor}`, destinationUrl: 'https://example.com/race' }, inWorkspace),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 402]);
    expect(((await owner.client.get('/api/qrcodes')).json as unknown[]).length).toBe(before + 1);
    const subscription = (await owner.client.get('/api/subscription')).json as { seats: number; seatsUsed: number };
    expect([subscription.seats, subscription.seatsUsed]).toEqual([before + 1, before + 1]);
  });
});
