import { Worker } from 'bullmq';
import { BillingPattern, ErrorCode, QrPattern, ServiceQueue, UserPlan } from '@qrd/contracts';
import { bullPrefix, createRedis, Envelope, pushReply, redisOptions, Reply } from '@qrd/messaging';
import { TestHttpClient } from '@qrd/testing';
import { waitFor } from '@qrd/testing';
import { createAdmin } from '../../../apps/auth-service/src/cli/create-admin';
import { newUser, PASSWORD, signIn, sql, TestUser } from './accounts-fixtures';
import { TestSystem } from './harness';

/**
 * Stands in for the qr- or billing-service on the real queue transport, so the gateway's handling
 * of their answers (and of their silence) can be shown while those services are built elsewhere.
 */
function standIn(system: TestSystem, queue: ServiceQueue, answer: (pattern: string, data: { userIds: string[] }) => Reply): Worker {
  const replies = createRedis(system.config.redisUrl);
  const worker = new Worker<Envelope<{ userIds: string[] }>>(
    queue,
    async (job) => {
      if (job.data.kind !== 'request' || !job.data.replyTo || !job.id) return;
      await pushReply(replies, system.config.redisPrefix, job.data.replyTo, { id: job.id, reply: answer(job.name, job.data.data) });
    },
    { connection: redisOptions(system.config.redisUrl, { maxRetriesPerRequest: null }), prefix: bullPrefix(system.config.redisPrefix) },
  );
  worker.on('closed', () => replies.disconnect());
  return worker;
}

const MONTHLY: UserPlan = { status: 'active', interval: 'monthly', seats: 2 };

describe('admin: user table, suspension and roles', () => {
  let system: TestSystem;
  let superadmin: TestHttpClient;
  let admin: TestHttpClient;
  let adminUser: TestUser;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'gateway'] });
    superadmin = await signIn(system, await newUser(system, { role: 'superadmin' }));
    adminUser = await newUser(system, { role: 'admin' });
    admin = await signIn(system, adminUser);
  });
  afterAll(() => system.stop());

  it('answers 401 to anonymous callers and 403 to users on every admin route', async () => {
    const target = await newUser(system);
    const user = await signIn(system, await newUser(system));
    const anonymous = system.client();
    for (const [caller, status] of [
      [anonymous, 401],
      [user, 403],
    ] as const) {
      expect((await caller.get('/api/admin/users')).status).toBe(status);
      expect((await caller.post(`/api/admin/users/${target.id}/status`, { status: 'suspended' })).status).toBe(status);
      expect((await caller.post(`/api/admin/users/${target.id}/role`, { role: 'admin' })).status).toBe(status);
    }
    const forbidden = await user.get('/api/admin/users');
    expect(forbidden.json.message).toBe("You don't have permission to do this");
    // Role changes are for superadmins only.
    expect((await admin.post(`/api/admin/users/${target.id}/role`, { role: 'admin' })).status).toBe(403);
  });

  describe('user table', () => {
    it('lists users page by page and by search, with codes, scans and plan from the other services', async () => {
      const tag = `pg${Date.now().toString(36)}`;
      const users: TestUser[] = [];
      for (let i = 0; i < 5; i += 1) users.push(await newUser(system, { username: `${tag}_${i}` }));
      const qr = standIn(system, ServiceQueue.Qr, (pattern, { userIds }) =>
        pattern === QrPattern.UserStats
          ? { ok: true, value: Object.fromEntries(userIds.filter((id) => id === users[4].id).map((id) => [id, { codes: 3, scans: 41 }])) }
          : { ok: false, error: { code: ErrorCode.Internal, message: 'unexpected' } },
      );
      const billing = standIn(system, ServiceQueue.Billing, (pattern, { userIds }) =>
        pattern === BillingPattern.PlansForUsers
          ? { ok: true, value: Object.fromEntries(userIds.map((id) => [id, id === users[4].id ? MONTHLY : null])) }
          : { ok: false, error: { code: ErrorCode.Internal, message: 'unexpected' } },
      );
      try {
        const first = await admin.get(`/api/admin/users?search=${tag.toUpperCase()}&page=1&pageSize=2`);
        expect(first.status).toBe(200);
        expect(first.json).toMatchObject({ total: 5, page: 1, pageSize: 2 });
        // Newest first.
        expect(first.json.items.map((u: TestUser) => u.username)).toEqual([`${tag}_4`, `${tag}_3`]);
        expect(first.json.items[0]).toMatchObject({ id: users[4].id, role: 'user', status: 'active', codes: 3, scans: 41, plan: MONTHLY });
        expect(first.json.items[1]).toMatchObject({ codes: 0, scans: 0, plan: null });
        expect(first.json.items[0].passwordHash).toBeUndefined();

        const last = await admin.get(`/api/admin/users?search=${tag}&page=3&pageSize=2`);
        expect(last.json.items.map((u: TestUser) => u.username)).toEqual([`${tag}_0`]);
        const byEmail = await superadmin.get(`/api/admin/users?search=${encodeURIComponent(users[2].email)}`);
        expect(byEmail.json.items.map((u: TestUser) => u.id)).toEqual([users[2].id]);
        const none = await admin.get('/api/admin/users?search=%25_no_such_user');
        expect(none.json).toMatchObject({ items: [], total: 0 });
      } finally {
        await Promise.all([qr.close(), billing.close()]);
      }
    });

    it('still answers, with those fields null, when a service fails or does not answer in time', async () => {
      const user = await newUser(system);
      const qr = standIn(system, ServiceQueue.Qr, () => ({ ok: false, error: { code: ErrorCode.Internal, message: 'boom' } }));
      try {
        const started = Date.now();
        // No billing-service runs at all: its request times out.
        const res = await admin.get(`/api/admin/users?search=${user.username}`);
        const took = Date.now() - started;
        expect(res.status).toBe(200);
        expect(res.json.items).toEqual([expect.objectContaining({ id: user.id, codes: null, scans: null, plan: null })]);
        expect(took).toBeLessThan(6000);
      } finally {
        await qr.close();
      }
    });

    it('validates the query', async () => {
      const big = await admin.get('/api/admin/users?pageSize=1000');
      expect(big.status).toBe(400);
      expect(big.json.fields.pageSize).toBe('Page size must be a whole number from 1 to 100');
      expect((await admin.get('/api/admin/users?page=0')).status).toBe(400);
      expect((await admin.get('/api/admin/users?role=admin')).status).toBe(400);
    });
  });

  describe('suspension', () => {
    it('ends the sessions at once, refuses login with the message, and reactivation restores access', async () => {
      const user = await newUser(system);
      const browser = await signIn(system, user);
      const res = await admin.post(`/api/admin/users/${user.id}/status`, { status: 'suspended' });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: user.id, status: 'suspended' });

      expect((await browser.get('/api/auth/user')).status).toBe(401);
      const login = await system.client().post('/api/login', { username: user.username, password: user.password });
      expect(login.status).toBe(403);
      expect(login.json.message).toMatch(/^Your account has been suspended/);
      expect(login.headers.get('set-cookie')).toBeNull();

      const reactivated = await admin.post(`/api/admin/users/${user.id}/status`, { status: 'active' });
      expect(reactivated.json.status).toBe('active');
      expect((await system.client().post('/api/login', { username: user.username, password: user.password })).status).toBe(200);
    });

    it('protects the caller, superadmins and unknown ids', async () => {
      const rootUser = await newUser(system, { role: 'superadmin' });
      const self = await admin.post(`/api/admin/users/${adminUser.id}/status`, { status: 'suspended' });
      expect(self.status).toBe(403);
      expect(self.json.message).toBe('You cannot change the status of your own account');
      const root = await admin.post(`/api/admin/users/${rootUser.id}/status`, { status: 'suspended' });
      expect(root.status).toBe(403);
      expect(root.json.message).toBe('Only a superadmin can suspend a superadmin');

      expect((await admin.post('/api/admin/users/00000000-0000-4000-8000-000000000000/status', { status: 'suspended' })).status).toBe(404);
      expect((await admin.post('/api/admin/users/not-a-uuid/status', { status: 'suspended' })).status).toBe(404);
      const bad = await admin.post(`/api/admin/users/${rootUser.id}/status`, { status: 'deleted' });
      expect(bad.status).toBe(400);
      expect(bad.json.fields.status).toBe('Status must be active or suspended');
    });
  });

  describe('roles', () => {
    it('lets a superadmin promote and demote; the new role applies from the next sign-in', async () => {
      const person = await newUser(system);
      const browser = await signIn(system, person);
      const promoted = await superadmin.post(`/api/admin/users/${person.id}/role`, { role: 'admin' });
      expect(promoted.status).toBe(200);
      expect(promoted.json.role).toBe('admin');
      // The old session carried the old role: it is gone.
      expect((await browser.get('/api/auth/user')).status).toBe(401);

      const asAdmin = await signIn(system, person);
      expect((await asAdmin.get('/api/admin/users')).status).toBe(200);

      expect((await superadmin.post(`/api/admin/users/${person.id}/role`, { role: 'user' })).json.role).toBe('user');
      // Demotion takes effect at once, not when the session would have expired.
      expect((await asAdmin.get('/api/admin/users')).status).toBe(401);
      const again = await signIn(system, person);
      expect((await again.get('/api/admin/users')).status).toBe(403);
    });

    it('refuses role changes by admins, of oneself, and to unknown roles', async () => {
      const person = await newUser(system);
      expect((await admin.post(`/api/admin/users/${person.id}/role`, { role: 'superadmin' })).status).toBe(403);
      const me = (await superadmin.get('/api/auth/user')).json;
      const self = await superadmin.post(`/api/admin/users/${me.id}/role`, { role: 'user' });
      expect(self.status).toBe(403);
      expect(self.json.message).toBe('You cannot change your own role');
      const bad = await superadmin.post(`/api/admin/users/${person.id}/role`, { role: 'owner' });
      expect(bad.status).toBe(400);
      expect(bad.json.fields.role).toBe('Role must be user, admin or superadmin');
    });
  });

  describe('create-admin (operator command)', () => {
    const run = (...argv: string[]) => createAdmin(system.config, system.logger, argv);

    it('creates a superadmin who can sign in and change roles', async () => {
      const message = await run('--username', 'Root1', '--email', 'Root1@Example.com', '--password', PASSWORD);
      expect(message).toBe('Created superadmin Root1.');
      const root = await signIn(system, { username: 'root1', password: PASSWORD });
      expect((await root.get('/api/auth/user')).json).toMatchObject({ role: 'superadmin', email: 'root1@example.com' });
      const person = await newUser(system);
      expect((await root.post(`/api/admin/users/${person.id}/role`, { role: 'admin' })).status).toBe(200);
    });

    it('promotes an existing user, reactivates it, and ends the sessions that carry the old role', async () => {
      const person = await newUser(system);
      const browser = await signIn(system, person);
      await sql(system, "UPDATE auth.users SET status = 'suspended' WHERE id = $1", [person.id]);

      expect(await run('--username', person.username.toUpperCase())).toBe(`${person.username} is now a superadmin.`);
      await waitFor(async () => expect((await browser.get('/api/auth/user')).status).toBe(401));
      const root = await signIn(system, person);
      expect((await root.get('/api/auth/user')).json).toMatchObject({ role: 'superadmin', status: 'active' });
    });

    it('ends the old sessions even when the command cannot reach Redis (the running auth-service publishes for it)', async () => {
      const person = await newUser(system);
      const browser = await signIn(system, person);
      const offline = { ...system.config, redisUrl: 'redis://127.0.0.1:1' };

      const message = await createAdmin(offline, system.logger, ['--username', person.username]);
      expect(message).toBe(`${person.username} is now a superadmin. The running services are told as soon as the auth-service can reach Redis.`);
      await waitFor(async () => expect((await browser.get('/api/auth/user')).status).toBe(401));
      expect((await (await signIn(system, person)).get('/api/auth/user')).json).toMatchObject({ role: 'superadmin' });
    });

    it('says what is missing or wrong', async () => {
      await expect(run()).rejects.toThrow(/Usage: npm run create-admin/);
      await expect(run('--username', 'ghost')).rejects.toThrow(/No user "ghost" exists; give --email and --password/);
      await expect(run('--username', 'ghost', '--email', 'ghost@example.com', '--password', 'short')).rejects.toThrow(
        'Password must be at least 8 characters',
      );
      await expect(run('--username', 'ghost', '--email', adminUser.email, '--password', PASSWORD)).rejects.toThrow(
        'An account with that email already exists',
      );
    });
  });
});
