import { newUser, PASSWORD, signIn } from './accounts-fixtures';
import { TestSystem } from './harness';

const NEW_PASSWORD = 'Another-pass-5';

describe('profile and password (PATCH /api/profile, POST /api/change-password)', () => {
  let system: TestSystem;

  beforeAll(async () => {
    system = await TestSystem.start({ services: ['auth', 'gateway'] });
  });
  afterAll(() => system.stop());

  describe('profile', () => {
    it('saves names and username at once, and keeps a new email pending until it is confirmed', async () => {
      const user = await newUser(system);
      const sut = await signIn(system, user);
      const res = await sut.patch('/api/profile', {
        firstName: '  Ada ',
        lastName: 'Lovelace',
        username: `${user.username}_x`,
        email: `NEW.${user.email}`,
        currentPassword: PASSWORD,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: user.id,
        firstName: 'Ada',
        lastName: 'Lovelace',
        username: `${user.username}_x`,
        email: user.email,
        pendingEmail: `new.${user.email}`,
      });
      expect(res.json.passwordHash).toBeUndefined();
      expect((await sut.get('/api/auth/user')).json).toMatchObject({ firstName: 'Ada', username: `${user.username}_x` });

      const cleared = await sut.patch('/api/profile', { firstName: '', lastName: '', username: `${user.username}_x`, email: user.email });
      expect(cleared.json).toMatchObject({ firstName: null, lastName: null });
    });

    it('keeps usernames and emails unique, whatever their case, with a clear message', async () => {
      const taken = await newUser(system);
      const user = await newUser(system);
      const sut = await signIn(system, user);

      const name = await sut.patch('/api/profile', { username: taken.username.toUpperCase(), email: user.email, currentPassword: PASSWORD });
      expect(name.status).toBe(409);
      expect(name.json.message).toBe('That username is already taken');
      expect(name.json.fields).toEqual({ username: 'That username is already taken' });

      const email = await sut.patch('/api/profile', { username: user.username, email: taken.email.toUpperCase(), currentPassword: PASSWORD });
      expect(email.status).toBe(409);
      expect(email.json.message).toBe('An account with that email already exists');
      expect(email.json.fields).toEqual({ email: 'An account with that email already exists' });

      // Keeping one's own name and address is not a conflict.
      expect((await sut.patch('/api/profile', { username: user.username.toUpperCase(), email: user.email, currentPassword: PASSWORD })).status).toBe(200);
    });

    it('validates with the spec messages and refuses unknown fields', async () => {
      const user = await newUser(system);
      const sut = await signIn(system, user);
      const short = await sut.patch('/api/profile', { username: 'ab', email: user.email });
      expect(short.status).toBe(400);
      expect(short.json.fields).toEqual({ username: 'Username must be at least 3 characters' });
      const email = await sut.patch('/api/profile', { username: user.username, email: 'nope' });
      expect(email.status).toBe(400);
      expect(email.json.fields).toEqual({ email: 'Please enter a valid email address' });
      const role = await sut.patch('/api/profile', { username: user.username, email: user.email, role: 'superadmin' });
      expect(role.status).toBe(400);
      expect(role.json.message).toBe('Unknown field "role"');
      expect((await sut.get('/api/auth/user')).json.role).toBe('user');
    });

    it('needs a session', async () => {
      const res = await system.client().patch('/api/profile', { username: 'someone', email: 'someone@example.com' });
      expect(res.status).toBe(401);
    });
  });

  describe('change password', () => {
    it('ends the other sessions, keeps the current one, and only the new password works', async () => {
      const user = await newUser(system);
      const sut = await signIn(system, user);
      const other = await signIn(system, user);
      const third = await signIn(system, user);

      const res = await sut.post('/api/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(204);
      expect((await sut.get('/api/auth/user')).status).toBe(200);
      expect((await other.get('/api/auth/user')).status).toBe(401);
      expect((await third.get('/api/auth/user')).status).toBe(401);

      expect((await system.client().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(401);
      expect((await system.client().post('/api/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
    });

    it('verifies the current password and changes nothing when it is wrong', async () => {
      const user = await newUser(system);
      const sut = await signIn(system, user);
      const other = await signIn(system, user);
      const res = await sut.post('/api/change-password', {
        currentPassword: 'not-my-password',
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ currentPassword: 'Current password is incorrect' });
      expect((await other.get('/api/auth/user')).status).toBe(200);
      expect((await system.client().post('/api/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    });

    it('validates with the spec messages', async () => {
      const user = await newUser(system);
      const sut = await signIn(system, user);
      const empty = await sut.post('/api/change-password', { currentPassword: '', newPassword: 'short', confirmNewPassword: 'short' });
      expect(empty.status).toBe(400);
      expect(empty.json.fields).toMatchObject({
        currentPassword: 'Current password is required',
        newPassword: 'Password must be at least 8 characters',
      });
      const mismatch = await sut.post('/api/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: 'Different-pass-6',
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.fields).toEqual({ confirmNewPassword: "Passwords don't match" });
    });

    it('needs a session', async () => {
      const res = await system.client().post('/api/change-password', {
        currentPassword: PASSWORD,
        newPassword: NEW_PASSWORD,
        confirmNewPassword: NEW_PASSWORD,
      });
      expect(res.status).toBe(401);
    });
  });
});
