import { AuditPage, WorkspaceMembersView, WorkspaceView } from '@qrd/contracts';
import { decodeQuotedPrintable, SmtpSink, TestHttpClient, TestResponse, waitFor } from '@qrd/testing';
import { newUser, PASSWORD, signIn, sql, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';
import { downloadAs, unzip } from './data-export-fixtures';
import { CARD_OK, scan } from './qr-fixtures';

interface Person {
  user: TestUser;
  client: TestHttpClient;
}

/**
 * Shared workspaces (docs/workspaces.md): created by a customer, paid for on their own, handed to
 * another owner only when that member accepts, and deleted with everything they hold.
 */
describe('shared workspaces', () => {
  let system: TestSystem;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    system = await TestSystem.start({ env: { SMTP_URL: sink.url, RATE_LIMIT_LOGIN_PER_IP_PER_MINUTE: '1000' } });
  });

  afterAll(async () => {
    await system.stop();
    await sink.stop();
  });

  async function person(): Promise<Person> {
    const user = await newUser(system);
    return { user, client: await signIn(system, user) };
  }

  /** A request acting in workspace `id` (the web app's X-Workspace header). */
  const inWorkspace = (client: TestHttpClient, id: string, method: string, path: string, body?: unknown): Promise<TestResponse> =>
    client.request(method, path, body, { 'x-workspace': id });

  async function createWorkspace(owner: Person, name: string): Promise<WorkspaceView> {
    const res = await owner.client.post('/api/workspaces', { name });
    expect(res.status).toBe(201);
    return res.json as WorkspaceView;
  }

  async function join(workspaceId: string, by: Person, who: Person, role: string): Promise<void> {
    expect((await by.client.post(`/api/workspaces/${workspaceId}/invitations`, { email: who.user.email, role })).status).toBe(201);
    await waitFor(() => expect(sink.mailsTo(who.user.email).length).toBeGreaterThan(0), 15_000);
    const raw = decodeQuotedPrintable(sink.mailsTo(who.user.email).at(-1)?.raw ?? '');
    const token = /\/invitations\/([A-Za-z0-9_-]{20,})/.exec(raw)?.[1];
    expect((await who.client.post(`/api/invitations/${token}/accept`)).status).toBe(200);
  }

  /** The workspace's own subscription, paid by `payer` with the test card while acting in it. */
  async function subscribe(workspaceId: string, payer: Person): Promise<void> {
    const setup = await inWorkspace(payer.client, workspaceId, 'POST', '/api/get-or-create-subscription?interval=monthly');
    expect(setup.status).toBe(200);
    const paid = await inWorkspace(payer.client, workspaceId, 'POST', '/api/test-payments/confirm', { clientSecret: setup.json.clientSecret, ...CARD_OK });
    expect(paid.json?.status).toBe('succeeded');
    await waitFor(async () => expect((await inWorkspace(payer.client, workspaceId, 'GET', '/api/subscription')).json?.status).toBe('active'));
  }

  const rolesIn = async (client: TestHttpClient, workspaceId: string) =>
    Object.fromEntries(((await client.get(`/api/workspaces/${workspaceId}/members`)).json as WorkspaceMembersView).members.map((m) => [m.username, m.role]));

  const auditActions = async (client: TestHttpClient, workspaceId: string) =>
    ((await client.get(`/api/workspaces/${workspaceId}/audit`)).json as AuditPage).items.map((entry) => entry.action);

  it('creates a shared workspace its creator owns, renamed only by an owner, with clear refusals for bad names', async () => {
    const alice = await person();
    const agency = await createWorkspace(alice, '  Acme   agency ');
    expect(agency).toMatchObject({ name: 'Acme agency', personal: false, role: 'owner', memberCount: 1, transfer: null });
    const list = (await alice.client.get('/api/workspaces')).json as WorkspaceView[];
    expect(list.map((w) => [w.name, w.personal])).toEqual([
      ['Personal', true],
      ['Acme agency', false],
    ]);

    expect((await alice.client.post('/api/workspaces', { name: '   ' })).json.message).toBe('Give the workspace a name');
    expect((await alice.client.post('/api/workspaces', { name: 'x'.repeat(81) })).status).toBe(400);
    expect((await system.client().post('/api/workspaces', { name: 'Anonymous' })).status).toBe(401);

    const renamed = await alice.client.patch(`/api/workspaces/${agency.id}`, { name: 'Acme & Co' });
    expect(renamed.status).toBe(200);
    expect(renamed.json.name).toBe('Acme & Co');
    const personal = await alice.client.patch(`/api/workspaces/${alice.user.id}`, { name: 'Mine' });
    expect(personal.status).toBe(409);

    const bob = await person();
    await join(agency.id, alice, bob, 'admin');
    const refused = await bob.client.patch(`/api/workspaces/${agency.id}`, { name: 'Bob rules' });
    expect(refused.status).toBe(403);
    expect((await bob.client.get('/api/workspaces')).json.find((w: WorkspaceView) => w.id === agency.id).name).toBe('Acme & Co');
    expect(await auditActions(alice.client, agency.id)).toEqual(['member.joined', 'member.invited', 'workspace.renamed', 'workspace.created']);
  });

  it('bills a shared workspace on its own: its seats, its codes, its billing mail to its billing members', async () => {
    const alice = await person();
    const shop = await createWorkspace(alice, 'Shop');
    const carol = await person();
    await join(shop.id, alice, carol, 'billing');
    const dave = await person();
    await join(shop.id, alice, dave, 'editor');

    // No subscription yet: an editor is told to subscribe, nothing is made.
    const early = await inWorkspace(dave.client, shop.id, 'POST', '/api/qrcodes', { name: 'Early', destinationUrl: 'https://example.com/early' });
    expect(early.status).toBe(402);

    // The billing member pays for the workspace with their card; the customer is made in their name.
    await subscribe(shop.id, carol);
    await waitFor(() => expect(sink.mailsTo(carol.user.email).some((m) => /^Subject:.*receipt/im.test(m.raw))).toBe(true), 15_000);
    const [{ email }] = await sql<{ email: string }>(system, `SELECT email FROM billing.customers WHERE user_id = $1`, [shop.id]);
    expect(email).toBe(carol.user.email.toLowerCase());

    const code = await inWorkspace(dave.client, shop.id, 'POST', '/api/qrcodes', { name: 'Menu', destinationUrl: 'https://example.com/menu' });
    expect(code.status).toBe(201);
    expect((await scan(system.url('redirect'), code.json.slug)).status).toBe(302);
    // The workspace's seat, not anyone's personal one.
    expect((await alice.client.get('/api/subscription')).json?.status ?? 'none').not.toBe('active');
    expect((await inWorkspace(carol.client, shop.id, 'GET', '/api/subscription')).json).toMatchObject({ status: 'active', seats: 1 });

    // The subscription's changes are in the audit log, with who made them.
    await waitFor(async () => {
      const page = (await alice.client.get(`/api/workspaces/${shop.id}/audit?action=subscription.changed`)).json as AuditPage;
      expect(page.items.map((entry) => [entry.actor, entry.details.change])).toContainEqual([carol.user.username, 'subscription started']);
    });
  });

  it('hands ownership over only when the member accepts: accepted twice at once gives one result', async () => {
    const alice = await person();
    const studio = await createWorkspace(alice, 'Studio');
    const bob = await person();
    await join(studio.id, alice, bob, 'editor');
    const eve = await person();
    await join(studio.id, alice, eve, 'admin');

    // Only an owner offers, only to a member, never a personal workspace.
    expect((await eve.client.post(`/api/workspaces/${studio.id}/transfer`, { userId: bob.user.id })).status).toBe(403);
    expect((await alice.client.post(`/api/workspaces/${alice.user.id}/transfer`, { userId: bob.user.id })).status).toBe(409);
    expect((await alice.client.post(`/api/workspaces/${studio.id}/transfer`, { userId: 'nobody' })).status).toBe(400);

    const offered = await alice.client.post(`/api/workspaces/${studio.id}/transfer`, { userId: bob.user.id });
    expect(offered.status).toBe(200);
    expect((offered.json as WorkspaceView).transfer).toMatchObject({ fromUsername: alice.user.username, toUsername: bob.user.username });
    // Nothing changes before the answer; the member offered sees the offer, another member does not.
    expect(await rolesIn(alice.client, studio.id)).toMatchObject({ [alice.user.username]: 'owner', [bob.user.username]: 'editor' });
    const bobs = (await bob.client.get('/api/workspaces')).json as WorkspaceView[];
    expect(bobs.find((w) => w.id === studio.id)?.transfer?.toUserId).toBe(bob.user.id);
    expect(((await eve.client.get('/api/workspaces')).json as WorkspaceView[]).find((w) => w.id === studio.id)?.transfer).toBeNull();
    // Only the member offered can accept.
    expect((await eve.client.post(`/api/workspaces/${studio.id}/transfer/accept`)).status).toBe(410);

    const answers = await Promise.all([
      bob.client.post(`/api/workspaces/${studio.id}/transfer/accept`),
      bob.client.post(`/api/workspaces/${studio.id}/transfer/accept`),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect(await rolesIn(bob.client, studio.id)).toEqual({ [alice.user.username]: 'admin', [bob.user.username]: 'owner', [eve.user.username]: 'admin' });
    expect(await auditActions(bob.client, studio.id)).toEqual(expect.arrayContaining(['ownership.offered', 'ownership.transferred']));

    // A new offer can be declined by the member offered, or withdrawn by the owner.
    expect((await bob.client.post(`/api/workspaces/${studio.id}/transfer`, { userId: eve.user.id })).status).toBe(200);
    expect((await eve.client.delete(`/api/workspaces/${studio.id}/transfer`)).status).toBe(204);
    expect((await eve.client.post(`/api/workspaces/${studio.id}/transfer/accept`)).status).toBe(410);
    expect((await bob.client.delete(`/api/workspaces/${studio.id}/transfer`)).status).toBe(410);
    expect(await rolesIn(bob.client, studio.id)).toMatchObject({ [bob.user.username]: 'owner', [eve.user.username]: 'admin' });
  });

  it('deletes a shared workspace with its owner password: its codes stop, its subscription ends, nothing of it is kept', async () => {
    const alice = await person();
    const pop = await createWorkspace(alice, 'Pop-up');
    const bob = await person();
    await join(pop.id, alice, bob, 'admin');
    await subscribe(pop.id, alice);
    const code = await inWorkspace(alice.client, pop.id, 'POST', '/api/qrcodes', { name: 'Stand', destinationUrl: 'https://example.com/stand' });
    expect(code.status).toBe(201);
    const hook = await inWorkspace(bob.client, pop.id, 'POST', '/api/webhooks', { url: 'https://hooks.example.com/pop', events: ['code.created'] });
    expect(hook.status).toBe(201);
    const key = await inWorkspace(bob.client, pop.id, 'POST', '/api/api-keys', { name: 'Till', scope: 'read' });
    expect(key.status).toBe(201);
    // The webhook's creation is in the audit log, by the admin who made it.
    await waitFor(async () => {
      const page = (await alice.client.get(`/api/workspaces/${pop.id}/audit?action=webhook.created`)).json as AuditPage;
      expect(page.items.map((entry) => [entry.actor, entry.details.url])).toEqual([[bob.user.username, 'https://hooks.example.com/pop']]);
    });

    const [{ customerId }] = await sql<{ customerId: string }>(system, `SELECT provider_customer_id AS "customerId" FROM billing.customers WHERE user_id = $1`, [pop.id]);

    // An admin may not; the owner must give the password.
    expect((await bob.client.request('DELETE', `/api/workspaces/${pop.id}`, { currentPassword: PASSWORD })).status).toBe(403);
    expect((await alice.client.request('DELETE', `/api/workspaces/${pop.id}`, { currentPassword: 'wrong' })).status).toBe(400);
    expect((await alice.client.request('DELETE', `/api/workspaces/${alice.user.id}`, { currentPassword: PASSWORD })).status).toBe(409);
    expect((await scan(system.url('redirect'), code.json.slug)).status).toBe(302);

    expect((await alice.client.request('DELETE', `/api/workspaces/${pop.id}`, { currentPassword: PASSWORD })).status).toBe(204);
    await waitFor(async () => expect((await scan(system.url('redirect'), code.json.slug)).status).toBe(410));
    expect(((await bob.client.get('/api/workspaces')).json as WorkspaceView[]).map((w) => w.id)).not.toContain(pop.id);
    expect((await inWorkspace(bob.client, pop.id, 'GET', '/api/qrcodes')).status).toBe(404);
    expect((await system.client().request('GET', '/api/v1/codes', undefined, { authorization: `Bearer ${key.json.key}` })).status).toBe(401);
    await waitFor(async () => {
      const subs = await sql<{ status: string }>(
        system,
        `SELECT s.status FROM billing.subscriptions s JOIN billing.customers c ON c.id = s.customer_id WHERE c.provider_customer_id = $1`,
        [customerId],
      );
      expect(subs.map((s) => s.status)).toEqual(['canceled']);
    });
    await waitFor(async () => {
      const left: string[] = [];
      for (const table of ['auth.workspaces', 'auth.workspace_members', 'auth.api_keys', 'qr.codes', 'qr.webhook_endpoints', 'billing.customers']) {
        const [{ count }] = await sql<{ count: number }>(system, `SELECT count(*)::int AS count FROM ${table} t WHERE t::text LIKE '%' || $1 || '%'`, [pop.id]);
        if (count) left.push(table);
      }
      expect(left).toEqual([]);
    });
  });

  it('keeps a shared workspace from losing its last owner when their account is deleted', async () => {
    const alice = await person();
    const team = await createWorkspace(alice, 'Team');
    const solo = await createWorkspace(alice, 'Solo');
    const bob = await person();
    await join(team.id, alice, bob, 'viewer');

    const refused = await alice.client.request('DELETE', '/api/account', { currentPassword: PASSWORD });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/only owner of "Team"/);
    expect((await alice.client.get('/api/auth/user')).status).toBe(200);

    // With the team handed over, the account goes, and the workspace nobody else used goes with it.
    expect((await alice.client.post(`/api/workspaces/${team.id}/transfer`, { userId: bob.user.id })).status).toBe(200);
    expect((await bob.client.post(`/api/workspaces/${team.id}/transfer/accept`)).status).toBe(200);
    expect((await alice.client.request('DELETE', '/api/account', { currentPassword: PASSWORD })).status).toBe(204);
    expect(await sql(system, `SELECT id FROM auth.workspaces WHERE id = ANY($1::uuid[])`, [[team.id, solo.id]])).toEqual([{ id: team.id }]);
    expect(await rolesIn(bob.client, team.id)).toEqual({ [bob.user.username]: 'owner' });
  });

  it("exports a shared workspace's data for its owners and admins: its codes, the requester's profile, a link that names the workspace", async () => {
    const alice = await person();
    const agency = await createWorkspace(alice, 'Agency');
    await subscribe(agency.id, alice);
    const code = await inWorkspace(alice.client, agency.id, 'POST', '/api/qrcodes', { name: 'Poster', destinationUrl: 'https://example.com/poster' });
    expect(code.status).toBe(201);
    const bob = await person();
    await join(agency.id, alice, bob, 'admin');
    const dave = await person();
    await join(agency.id, alice, dave, 'editor');
    const mailsBefore = sink.mailsTo(bob.user.email).length;

    expect((await inWorkspace(dave.client, agency.id, 'POST', '/api/account/data-export')).status).toBe(403);
    const started = await inWorkspace(bob.client, agency.id, 'POST', '/api/account/data-export');
    expect(started.status).toBe(202);
    const exportId = started.json.id as string;
    await waitFor(() => expect(sink.mailsTo(bob.user.email).length).toBeGreaterThan(mailsBefore), 20_000);
    const mail = decodeQuotedPrintable(sink.mailsTo(bob.user.email).at(-1)?.raw ?? '');
    const path = new RegExp(`(/api/account/data-export/${exportId}/download\\?workspace=${agency.id})`).exec(mail)?.[1];
    expect(path).toBeDefined();

    const zip = await downloadAs(bob.client, path ?? '');
    expect(zip.status).toBe(200);
    const files = await unzip(zip.body);
    expect(JSON.parse(files.get('profile.json') ?? '{}').user).toMatchObject({ id: bob.user.id });
    expect((JSON.parse(files.get('codes.json') ?? '[]') as { id: string }[]).map((c) => c.id)).toEqual([code.json.id]);
    // The owner may download it too; an editor may not, someone else learns nothing, and a member's
    // personal workspace has no export of its own from this.
    expect((await downloadAs(alice.client, path ?? '')).status).toBe(200);
    expect((await downloadAs(dave.client, path ?? '')).status).toBe(403);
    expect((await downloadAs((await person()).client, path ?? '')).status).toBe(404);
    expect((await downloadAs(bob.client, `/api/account/data-export/${exportId}/download`)).status).toBe(404);
    expect((await bob.client.get('/api/account/data-export')).json.export).toBeNull();
  });
});
