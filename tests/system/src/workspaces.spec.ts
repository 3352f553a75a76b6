import { permissionsOf, WorkspaceView } from '@qrd/contracts';
import { newUser, signIn, sql } from './accounts-fixtures';
import { signUp } from './billing-fixtures';
import { TestSystem } from './harness';

/** Workspaces (docs/workspaces.md): every account has its personal one, from the moment it exists. */
describe('workspaces', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start();
  });

  afterAll(() => system.stop());

  it('gives a new customer, signed up with payment, a personal workspace they own with every permission', async () => {
    const { client, registered } = await signUp(system);
    expect(registered.status).toBe(201);
    const me = (await client.get('/api/auth/user')).json as { id: string };

    const res = await client.get('/api/workspaces');
    expect(res.status).toBe(200);
    const workspaces = res.json as WorkspaceView[];
    expect(workspaces).toEqual([
      { id: me.id, name: 'Personal', personal: true, role: 'owner', permissions: permissionsOf('owner'), memberCount: 1, createdAt: expect.any(String) },
    ]);
  });

  it("shows each account only its own workspaces, and deleting the account deletes its workspace", async () => {
    const [alice, bob] = [await newUser(system), await newUser(system)];
    const aliceClient = await signIn(system, alice);
    const bobClient = await signIn(system, bob);
    expect(((await aliceClient.get('/api/workspaces')).json as WorkspaceView[]).map((w) => w.id)).toEqual([alice.id]);
    expect(((await bobClient.get('/api/workspaces')).json as WorkspaceView[]).map((w) => w.id)).toEqual([bob.id]);

    expect((await aliceClient.request('DELETE', '/api/account', { currentPassword: alice.password })).status).toBeLessThan(300);
    expect(await sql(system, `SELECT id FROM auth.workspaces WHERE id = $1 OR personal_of = $1`, [alice.id])).toEqual([]);
    expect(await sql(system, `SELECT user_id FROM auth.workspace_members WHERE user_id = $1`, [alice.id])).toEqual([]);
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    expect((await system.client().get('/api/workspaces')).status).toBe(401);
  });
});
