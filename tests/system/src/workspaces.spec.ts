import { AdminWorkspacePage, AuditPage, InvitationPreview, InvitationView, permissionsOf, WorkspaceMembersView, WorkspaceView } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, TestHttpClient, waitFor } from '@qrd/testing';
import { newUser, signIn, sql, TestUser } from './accounts-fixtures';
import { signUp } from './billing-fixtures';
import { TestSystem } from './harness';
import { createCode, subscribedCustomer } from './qr-fixtures';

/** Workspaces (docs/workspaces.md): personal ones, members, roles and invitations by mail. */
describe('workspaces', () => {
  let system: TestSystem;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    // Many members sign in from this one address within a minute: the sign-in limit is not what is tested here.
    system = await TestSystem.start({ env: { SMTP_URL: sink.url, RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000', RATE_LIMIT_SIGNUP_PER_HOUR: '1000' } });
  });

  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  /** The token of the newest invitation mailed to `email`, read from the mail the SMTP server received. */
  async function invitationLink(email: string, count = 1): Promise<string> {
    await waitFor(() => expect(sink.mailsTo(email).length).toBeGreaterThanOrEqual(count), 15_000);
    const raw = decodeQuotedPrintable(sink.mailsTo(email).at(-1)?.raw ?? '');
    const token = /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(raw)?.[1];
    if (!token) throw new Error(`no invitation link in: ${raw}`);
    return token;
  }

  async function owner(): Promise<{ user: TestUser; client: TestHttpClient }> {
    const user = await newUser(system);
    return { user, client: await signIn(system, user) };
  }

  async function member(workspace: { user: TestUser; client: TestHttpClient }, role: string): Promise<{ user: TestUser; client: TestHttpClient }> {
    const user = await newUser(system);
    expect((await workspace.client.post(`/api/workspaces/${workspace.user.id}/invitations`, { email: user.email, role })).status).toBe(201);
    const client = await signIn(system, user);
    expect((await client.post(`/api/invitations/${await invitationLink(user.email)}/accept`)).status).toBe(200);
    return { user, client };
  }

  const rolesOf = async (client: TestHttpClient, workspaceId: string) =>
    Object.fromEntries(((await client.get(`/api/workspaces/${workspaceId}/members`)).json as WorkspaceMembersView).members.map((m) => [m.username, m.role]));

  it('gives a new customer, signed up with payment, a personal workspace they own with every permission', async () => {
    const { client, registered } = await signUp(system);
    expect(registered.status).toBe(201);
    const me = (await client.get('/api/auth/user')).json as { id: string };

    const res = await client.get('/api/workspaces');
    expect(res.status).toBe(200);
    expect(res.json as WorkspaceView[]).toEqual([
      { id: me.id, name: 'Personal', personal: true, role: 'owner', permissions: permissionsOf('owner'), memberCount: 1, createdAt: expect.any(String), transfer: null },
    ]);
  });

  it('invites by mail: the link shows the invitation, the invited account joins with the role once, and the link is used up', async () => {
    const alice = await owner();
    const bob = await newUser(system);
    const sent = await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: bob.email.toUpperCase(), role: 'editor' });
    expect(sent.status).toBe(201);
    expect(sent.json as InvitationView).toMatchObject({ role: 'editor', state: 'pending' });
    expect(JSON.stringify(sent.json)).not.toMatch(/token/i);
    const token = await invitationLink(bob.email);
    // Only the hash of the link's token is kept.
    expect(await sql(system, `SELECT 1 FROM auth.workspace_invitations WHERE token_hash = $1`, [token])).toEqual([]);

    const preview = (await system.client().get(`/api/invitations/${token}`)).json as InvitationPreview;
    expect(preview).toEqual({ workspaceName: `${alice.user.username}'s workspace`, invitedBy: alice.user.username, email: bob.email.toLowerCase(), role: 'editor', state: 'pending', accountExists: true });

    const bobClient = await signIn(system, bob);
    // Accepted twice at once: one membership, one answer that the link is used.
    const answers = await Promise.all([bobClient.post(`/api/invitations/${token}/accept`), bobClient.post(`/api/invitations/${token}/accept`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(answers.find((a) => a.status === 410)?.json.message).toBe('This invitation has already been used');
    expect(await sql(system, `SELECT role FROM auth.workspace_members WHERE workspace_id = $1 AND user_id = $2`, [alice.user.id, bob.id])).toEqual([{ role: 'editor' }]);

    const bobs = (await bobClient.get('/api/workspaces')).json as WorkspaceView[];
    expect(bobs.map((w) => [w.id, w.role, w.personal])).toEqual([
      [bob.id, 'owner', true],
      [alice.user.id, 'editor', true],
    ]);
    expect(bobs[1].permissions).toEqual(permissionsOf('editor'));
    expect(await rolesOf(bobClient, alice.user.id)).toEqual({ [alice.user.username]: 'owner', [bob.username]: 'editor' });
    expect(((await system.client().get(`/api/invitations/${token}`)).json as InvitationPreview).state).toBe('accepted');
  });

  it('signs up from an invitation without paying: the invited address only, and the new account joins', async () => {
    const alice = await owner();
    const email = `newcomer${Date.now().toString(36)}@example.com`;
    await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email, role: 'editor' });
    const token = await invitationLink(email);
    expect(((await system.client().get(`/api/invitations/${token}`)).json as InvitationPreview).accountExists).toBe(false);

    const visitor = system.client();
    const otherAddress = await visitor.post('/api/register', { username: `other${Date.now().toString(36)}`, email: 'someone.else@example.com', password: 'Secret-pass-123', invitationToken: token });
    expect([otherAddress.status, otherAddress.json.message]).toEqual([403, `This invitation is for ${email}: sign up with that address`]);
    expect(await sql(system, `SELECT 1 FROM auth.users WHERE email = 'someone.else@example.com'`)).toEqual([]);

    const username = `newcomer${Date.now().toString(36)}`;
    const signedUp = await visitor.post('/api/register', { username, email, password: 'Secret-pass-123', invitationToken: token });
    expect(signedUp.status).toBe(201);
    const workspaces = (await visitor.get('/api/workspaces')).json as WorkspaceView[];
    expect(workspaces.map((w) => [w.id === alice.user.id, w.role])).toEqual([
      [false, 'owner'],
      [true, 'editor'],
    ]);
    // No payment was asked, and none exists for the new account.
    expect((await visitor.get('/api/subscription')).json.status).toBeNull();

    const again = await system.client().post('/api/register', { username: `${username}x`, email: `x${email}`, password: 'Secret-pass-123', invitationToken: token });
    expect([again.status, again.json.message]).toEqual([410, 'This invitation has already been used']);
    const noToken = await system.client().post('/api/register', { username: `${username}y`, email: `y${email}`, password: 'Secret-pass-123' });
    expect(noToken.status).toBe(402);
  });

  it('refuses an invitation for another address, an expired, a withdrawn and an unknown link, joining nobody', async () => {
    const alice = await owner();
    const [bob, carol, dave] = [await newUser(system), await newUser(system), await newUser(system)];
    const bobClient = await signIn(system, bob);

    // For carol's address: bob cannot use it.
    await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: carol.email, role: 'viewer' });
    const forCarol = await bobClient.post(`/api/invitations/${await invitationLink(carol.email)}/accept`);
    expect(forCarol.status).toBe(403);
    expect(forCarol.json.message).toBe(`This invitation is for ${carol.email}: sign in with the account of that address`);

    // Expired.
    await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: bob.email, role: 'viewer' });
    const expired = await invitationLink(bob.email);
    await sql(system, `UPDATE auth.workspace_invitations SET expires_at = now() - interval '1 minute' WHERE lower(email) = lower($1)`, [bob.email]);
    const late = await bobClient.post(`/api/invitations/${expired}/accept`);
    expect([late.status, late.json.message]).toEqual([410, 'This invitation has expired: ask for a new one']);

    // Withdrawn.
    const invited = (await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: dave.email, role: 'viewer' })).json as InvitationView;
    const withdrawn = await invitationLink(dave.email);
    expect((await alice.client.delete(`/api/workspaces/${alice.user.id}/invitations/${invited.id}`)).status).toBe(200);
    const daveClient = await signIn(system, dave);
    const revoked = await daveClient.post(`/api/invitations/${withdrawn}/accept`);
    expect([revoked.status, revoked.json.message]).toEqual([410, 'This invitation has been withdrawn']);

    const unknown = await bobClient.post('/api/invitations/not-a-real-token/accept');
    expect([unknown.status, unknown.json.message]).toEqual([410, 'This invitation link is not valid']);
    expect(await sql(system, `SELECT user_id FROM auth.workspace_members WHERE workspace_id = $1 AND user_id <> $1`, [alice.user.id])).toEqual([]);
  });

  it('answers 409 to inviting a member or an address already invited, and sends an invitation again with a new link', async () => {
    const alice = await owner();
    const bob = await member(alice, 'viewer');
    const again = await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: bob.user.email, role: 'editor' });
    expect([again.status, again.json.message]).toEqual([409, `${bob.user.email} is already a member of this workspace`]);

    const carol = await newUser(system);
    const first = (await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: carol.email, role: 'editor' })).json as InvitationView;
    const twice = await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: carol.email, role: 'viewer' });
    expect([twice.status, twice.json.message]).toEqual([409, `${carol.email} has already been invited: send the invitation again instead`]);
    const oldLink = await invitationLink(carol.email);

    const tooSoon = await alice.client.post(`/api/workspaces/${alice.user.id}/invitations/${first.id}/resend`);
    expect(tooSoon.status).toBe(429);
    await sql(system, `UPDATE auth.workspace_invitations SET last_sent_at = now() - interval '2 minutes' WHERE id = $1`, [first.id]);
    expect((await alice.client.post(`/api/workspaces/${alice.user.id}/invitations/${first.id}/resend`)).status).toBe(200);
    const newLink = await invitationLink(carol.email, 2);
    expect(newLink).not.toBe(oldLink);
    const carolClient = await signIn(system, carol);
    expect((await carolClient.post(`/api/invitations/${oldLink}/accept`)).status).toBe(410);
    expect((await carolClient.post(`/api/invitations/${newLink}/accept`)).status).toBe(200);

    const bad = await alice.client.post(`/api/workspaces/${alice.user.id}/invitations`, { email: 'not an address', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ email: 'Please enter a valid email address', role: 'Choose a role: admin, editor, viewer, billing' });
  });

  it('lets only those who manage members change roles: no one their own, no admin an owner, no one to owner', async () => {
    const alice = await owner();
    const admin = await member(alice, 'admin');
    const editor = await member(alice, 'editor');
    const viewer = await member(alice, 'viewer');
    const billing = await member(alice, 'billing');
    const before = await rolesOf(alice.client, alice.user.id);
    const change = (client: TestHttpClient, userId: string, role: string) => client.patch(`/api/workspaces/${alice.user.id}/members/${userId}`, { role });

    const self = await change(editor.client, editor.user.id, 'owner');
    expect(self.status).toBe(403);
    expect((await change(editor.client, viewer.user.id, 'editor')).status).toBe(403);
    expect((await change(billing.client, viewer.user.id, 'editor')).status).toBe(403);
    const adminOnOwner = await admin.client.delete(`/api/workspaces/${alice.user.id}/members/${alice.user.id}`);
    expect([adminOnOwner.status, adminOnOwner.json.message]).toEqual([403, 'Only an owner can change or remove an owner']);
    expect((await change(alice.client, editor.user.id, 'owner')).status).toBe(409);
    expect(await rolesOf(alice.client, alice.user.id)).toEqual(before);

    // Two admins (the owner and an admin) change one member at once: one of the two results, whole.
    const [a, b] = await Promise.all([change(alice.client, viewer.user.id, 'editor'), change(admin.client, viewer.user.id, 'billing')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const after = await rolesOf(alice.client, alice.user.id);
    expect(['editor', 'billing']).toContain(after[viewer.user.username]);
    expect(await sql(system, `SELECT count(*)::int AS n FROM auth.workspace_members WHERE workspace_id = $1 AND user_id = $2`, [alice.user.id, viewer.user.id])).toEqual([{ n: 1 }]);

    // The owner of a personal workspace stays its owner; nobody leaves their own.
    const leave = await alice.client.delete(`/api/workspaces/${alice.user.id}/members/${alice.user.id}`);
    expect([leave.status, leave.json.message]).toEqual([409, 'You cannot leave your personal workspace']);
  });

  it('takes a removed member out at once, and lets a member leave', async () => {
    const alice = await owner();
    const editor = await member(alice, 'editor');
    const viewer = await member(alice, 'viewer');
    expect((await editor.client.get(`/api/workspaces/${alice.user.id}/members`)).status).toBe(200);

    expect((await alice.client.delete(`/api/workspaces/${alice.user.id}/members/${editor.user.id}`)).status).toBe(204);
    expect((await editor.client.get(`/api/workspaces/${alice.user.id}/members`)).status).toBe(404);
    expect(((await editor.client.get('/api/workspaces')).json as WorkspaceView[]).map((w) => w.id)).toEqual([editor.user.id]);

    expect((await viewer.client.delete(`/api/workspaces/${alice.user.id}/members/${viewer.user.id}`)).status).toBe(204);
    expect(Object.keys(await rolesOf(alice.client, alice.user.id))).toEqual([alice.user.username]);
  });

  it('keeps an audit log of who invited, joined, changed a role and removed whom, for admins, filterable and as CSV', async () => {
    const alice = await owner();
    const admin = await member(alice, 'admin');
    const viewer = await member(alice, 'viewer');
    expect((await admin.client.patch(`/api/workspaces/${alice.user.id}/members/${viewer.user.id}`, { role: 'editor' })).status).toBe(200);
    expect((await alice.client.delete(`/api/workspaces/${alice.user.id}/members/${viewer.user.id}`)).status).toBe(204);

    const log = (await admin.client.get(`/api/workspaces/${alice.user.id}/audit`)).json as AuditPage;
    expect(log.items.map((e) => [e.action, e.actor, e.member ?? e.email, e.details])).toEqual([
      ['member.removed', alice.user.username, viewer.user.username, { role: 'editor' }],
      ['member.role_changed', admin.user.username, viewer.user.username, { from: 'viewer', to: 'editor' }],
      ['member.joined', viewer.user.username, viewer.user.username, { role: 'viewer' }],
      ['member.invited', alice.user.username, viewer.user.email, { role: 'viewer' }],
      ['member.joined', admin.user.username, admin.user.username, { role: 'admin' }],
      ['member.invited', alice.user.username, admin.user.email, { role: 'admin' }],
    ]);
    const joined = (await admin.client.get(`/api/workspaces/${alice.user.id}/audit?action=member.joined&limit=1`)).json as AuditPage;
    expect(joined.items.map((e) => e.member)).toEqual([viewer.user.username]);
    const next = (await admin.client.get(`/api/workspaces/${alice.user.id}/audit?action=member.joined&limit=1&cursor=${joined.nextCursor}`)).json as AuditPage;
    expect([next.items.map((e) => e.member), next.nextCursor]).toEqual([[admin.user.username], null]);

    const csv = await alice.client.get(`/api/workspaces/${alice.user.id}/audit.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('time,action,by,member,email,role,from,to,name,url,change,seats,interval');
    expect(lines).toHaveLength(7);
    expect(lines[2]).toMatch(new RegExp(`,member\\.role_changed,${admin.user.username},${viewer.user.username},,,viewer,editor,,,,,$`));

    const bad = await admin.client.get(`/api/workspaces/${alice.user.id}/audit?action=everything&limit=500`);
    expect(bad.status).toBe(400);
    const editor = await member(alice, 'editor');
    expect((await editor.client.get(`/api/workspaces/${alice.user.id}/audit`)).status).toBe(403);
    expect((await viewer.client.get(`/api/workspaces/${alice.user.id}/audit`)).status).toBe(404);
  });

  it('shows admins the shared workspaces with their members, codes and plan; nobody else', async () => {
    const alice = await subscribedCustomer(system);
    await createCode(alice.client, { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    const bob = await member({ user: alice.user, client: alice.client }, 'editor');
    const admin = await newUser(system, { role: 'admin' });
    const adminClient = await signIn(system, admin);

    const res = await adminClient.get(`/api/admin/workspaces?shared=true&search=${encodeURIComponent(bob.user.username)}`);
    expect(res.status).toBe(200);
    const page = res.json as AdminWorkspacePage;
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      id: alice.user.id,
      name: `${alice.user.username}'s workspace`,
      personal: true,
      members: [
        { userId: alice.user.id, username: alice.user.username, role: 'owner' },
        { userId: bob.user.id, username: bob.user.username, role: 'editor' },
      ],
      codes: 1,
      scans: 0,
      plan: { status: 'active', seats: 1 },
    });
    expect((await bob.client.get('/api/admin/workspaces')).status).toBe(403);
    expect((await adminClient.get('/api/admin/workspaces?shared=maybe')).status).toBe(400);
  });

  it("names the member behind each change in the code's history and Recent Activity, until that account is deleted", async () => {
    const alice = await subscribedCustomer(system);
    const bob = await member({ user: alice.user, client: alice.client }, 'editor');
    const created = await bob.client.request('POST', '/api/qrcodes', { name: 'By Bob', destinationUrl: 'https://example.com/bob' }, { 'x-workspace': alice.user.id });
    expect(created.status).toBe(201);
    expect((await alice.client.patch(`/api/qrcodes/${created.json.id}`, { name: 'By Bob, renamed by Alice' })).status).toBe(200);

    const history = (await alice.client.get(`/api/qrcodes/${created.json.id}/history`)).json as { items: { kind: string; memberName: string | null }[] };
    expect(history.items.map((e) => [e.kind, e.memberName])).toEqual([
      ['name', alice.user.username],
      ['created', bob.user.username],
    ]);
    const activity = (await alice.client.get('/api/activity')).json as { items: { type: string; memberName?: string | null }[] };
    expect(activity.items.filter((item) => item.type === 'change').map((item) => item.memberName)).toEqual([alice.user.username, bob.user.username]);

    expect((await bob.client.request('DELETE', '/api/account', { currentPassword: bob.user.password })).status).toBeLessThan(300);
    await waitFor(async () => {
      const after = (await alice.client.get(`/api/qrcodes/${created.json.id}/history`)).json as { items: { memberName: string | null }[] };
      expect(after.items.map((e) => e.memberName)).toEqual([alice.user.username, null]);
    });
    // The account's deletion reaches the qr-service as an event: its id is then gone from the history too.
    await waitFor(async () => expect(await sql(system, `SELECT 1 FROM qr.code_history WHERE member_id = $1`, [bob.user.id])).toEqual([]));
  });

  it("gives a workspace its own API keys: an admin's key acts there, and stops the moment the admin is removed", async () => {
    const alice = await subscribedCustomer(system);
    const admin = await member({ user: alice.user, client: alice.client }, 'admin');
    const made = await admin.client.request('POST', '/api/api-keys', { name: 'Shop', scope: 'write' }, { 'x-workspace': alice.user.id });
    expect(made.status).toBe(201);
    // The owner sees it among the workspace's keys; it is not among the admin's own.
    expect(((await alice.client.get('/api/api-keys')).json as { name: string }[]).map((k) => k.name)).toEqual(['Shop']);
    expect((await admin.client.get('/api/api-keys')).json).toEqual([]);

    const bearer = { authorization: `Bearer ${made.json.key}` };
    const created = await system.client().request('POST', '/api/v1/codes', { name: 'From the shop', destinationUrl: 'https://example.com/shop' }, bearer);
    expect(created.status).toBe(201);
    expect(((await alice.client.get('/api/qrcodes')).json as { name: string }[]).map((c) => c.name)).toEqual(['From the shop']);
    const history = (await alice.client.get(`/api/qrcodes/${created.json.id}/history`)).json as { items: { memberName: string | null; apiKeyName: string | null }[] };
    expect(history.items.map((e) => [e.memberName, e.apiKeyName])).toEqual([[admin.user.username, 'Shop']]);

    expect((await alice.client.delete(`/api/workspaces/${alice.user.id}/members/${admin.user.id}`)).status).toBe(204);
    expect((await system.client().request('GET', '/api/v1/codes', undefined, bearer)).status).toBe(401);

    // An admin made an editor (a role that holds no keys) loses their keys at once too.
    const second = await member({ user: alice.user, client: alice.client }, 'admin');
    const key = await second.client.request('POST', '/api/api-keys', { name: 'Reports', scope: 'read' }, { 'x-workspace': alice.user.id });
    const reports = { authorization: `Bearer ${key.json.key}` };
    expect((await system.client().request('GET', '/api/v1/codes', undefined, reports)).status).toBe(200);
    expect((await alice.client.patch(`/api/workspaces/${alice.user.id}/members/${second.user.id}`, { role: 'editor' })).status).toBe(200);
    expect((await system.client().request('GET', '/api/v1/codes', undefined, reports)).status).toBe(401);

    const log = (await alice.client.get(`/api/workspaces/${alice.user.id}/audit?action=api_key.created`)).json as AuditPage;
    expect(log.items.map((e) => [e.actor, e.details.name])).toEqual([
      [second.user.username, 'Reports'],
      [admin.user.username, 'Shop'],
    ]);
  });

  it("deleting an account deletes its workspace and its memberships elsewhere", async () => {
    const alice = await owner();
    const bob = await member(alice, 'viewer');
    expect((await bob.client.request('DELETE', '/api/account', { currentPassword: bob.user.password })).status).toBeLessThan(300);
    expect(await sql(system, `SELECT id FROM auth.workspaces WHERE id = $1 OR personal_of = $1`, [bob.user.id])).toEqual([]);
    expect(await sql(system, `SELECT workspace_id FROM auth.workspace_members WHERE user_id = $1`, [bob.user.id])).toEqual([]);
    expect(Object.keys(await rolesOf(alice.client, alice.user.id))).toEqual([alice.user.username]);
  });
});
