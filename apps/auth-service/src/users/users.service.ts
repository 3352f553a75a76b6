import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DataSource, EntityManager } from 'typeorm';
import {
  AuthRequests,
  AuthPattern,
  DomainError,
  DomainEvent,
  ErrorCode,
  UserPage,
  UserRole,
  UserStatus,
  UserView,
  isAdminRole,
  isLanguage,
} from '@qrd/contracts';
import { assertCurrentPassword } from './current-password';
import { AccountEvents } from './account-events';
import { PasswordHasher } from './password-hasher';
import { EmailChangePort, ResetLinksPort } from './user-ports';
import { toUserView, UserEntity } from './user.entity';
import { uniqueViolationField, UsersRepository } from './users.repository';

const TAKEN = {
  username: 'That username is already taken',
  email: 'An account with that email already exists',
} as const;

type Req<P extends AuthPattern> = AuthRequests[P]['req'];

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly resetTokens: ResetLinksPort,
    private readonly events: AccountEvents,
    private readonly db: DataSource,
    private readonly emailChange: EmailChangePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async register(input: Req<AuthPattern.Register>): Promise<UserView> {
    await this.assertAvailable(input.username, input.email);
    const user = this.users.create({
      username: input.username.trim(),
      email: input.email.trim().toLowerCase(),
      passwordHash: await this.hasher.hash(input.password),
      language: isLanguage(input.language) ? input.language : null,
    });
    return this.view(await this.saveUnique(user));
  }

  async checkAvailability(username: string, email: string): Promise<{ usernameTaken: boolean; emailTaken: boolean }> {
    const [usernameTaken, emailTaken] = await Promise.all([
      this.users.usernameTaken(username.trim()),
      this.users.emailTaken(email.trim()),
    ]);
    return { usernameTaken, emailTaken };
  }

  /**
   * By username or by the account's (confirmed) email address. The same answer for an unknown
   * user and a wrong password, after the same amount of work.
   */
  async login(username: string, password: string): Promise<UserView> {
    const name = username.trim();
    // A username never holds "@" (USERNAME_PATTERN), so the two cannot be confused.
    const user = name.includes('@') ? await this.users.findByEmail(name) : await this.users.findByUsername(name);
    const valid = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !valid) throw new DomainError(ErrorCode.Unauthenticated, 'Invalid username or password');
    if (user.status === 'suspended') {
      throw new DomainError(ErrorCode.Suspended, 'Your account has been suspended. Please contact support.');
    }
    return this.view(user);
  }

  /** The account, with how many workspaces it belongs to (the app shows a switcher from two). */
  async get(userId: string): Promise<UserView> {
    const user = await this.require(userId);
    const [{ count }]: { count: number }[] = await this.db.query(`SELECT count(*)::int AS count FROM auth.workspace_members WHERE user_id = $1`, [user.id]);
    return { ...this.view(user), workspaceCount: count };
  }

  /**
   * Names change at once. A new username or email needs the current password; a new email is
   * only pending: the old address is told, the new one gets a confirmation link, and the old one
   * stays the sign-in and reset address until the link is opened.
   */
  async updateProfile(input: Req<AuthPattern.UpdateProfile>): Promise<UserView> {
    const user = await this.require(input.userId);
    const username = input.username.trim();
    const email = input.email.trim().toLowerCase();
    const emailChanged = email !== user.email.toLowerCase();
    if (username !== user.username || emailChanged) {
      await assertCurrentPassword(this.hasher, user, input.currentPassword, 'Enter your current password to change your username or email');
    }
    await this.assertAvailable(username, email, user.id);
    user.username = username;
    if (input.firstName !== undefined) user.firstName = input.firstName.trim() || null;
    if (input.lastName !== undefined) user.lastName = input.lastName.trim() || null;
    if (isLanguage(input.language)) user.language = input.language;
    const token = emailChanged ? this.emailChange.stage(user, email) : null;
    const saved = await this.saveUnique(user);
    if (token) await this.emailChange.notify(saved, token);
    return this.view(saved);
  }

  async cancelEmailChange(userId: string): Promise<UserView> {
    const user = await this.require(userId);
    this.emailChange.cancel(user);
    return this.view(await this.users.save(user));
  }

  async changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
    const user = await this.require(userId);
    await assertCurrentPassword(this.hasher, user, currentPassword);
    user.passwordHash = await this.hasher.hash(newPassword);
    await this.users.save(user);
    // A reset link mailed before the change must not undo it.
    await this.resetTokens.voidAllForUser(user.id);
  }

  async list(input: Req<AuthPattern.ListUsers>): Promise<UserPage> {
    const page = Math.max(1, Math.floor(input.page));
    const pageSize = Math.min(100, Math.max(1, Math.floor(input.pageSize)));
    const [items, total] = await this.users.page(page, pageSize, input.search?.trim() || undefined, input.ids);
    return { items: items.map((u) => this.view(u)), total, page, pageSize };
  }

  async setStatus(actorId: string, userId: string, status: UserStatus): Promise<UserView> {
    const [actor, user] = await Promise.all([this.require(actorId), this.require(userId)]);
    // The gateway checks the session's role; this checks the stored one too.
    if (!isAdminRole(actor.role)) throw new DomainError(ErrorCode.Forbidden, 'Only an admin can change account status');
    if (actor.id === user.id) throw new DomainError(ErrorCode.Forbidden, 'You cannot change the status of your own account');
    if (user.role === 'superadmin' && actor.role !== 'superadmin') {
      throw new DomainError(ErrorCode.Forbidden, 'Only a superadmin can suspend a superadmin');
    }
    if (user.status === status) return this.view(user);
    user.status = status;
    const event = status === 'suspended' ? DomainEvent.UserSuspended : DomainEvent.UserReactivated;
    return this.saveWith(user, (tx) => this.events.record(tx, event, { userId: user.id }));
  }

  async setRole(actorId: string, userId: string, role: UserRole): Promise<UserView> {
    const actor = await this.require(actorId);
    if (actor.role !== 'superadmin') throw new DomainError(ErrorCode.Forbidden, 'Only a superadmin can change roles');
    if (actor.id === userId) throw new DomainError(ErrorCode.Forbidden, 'You cannot change your own role');
    const user = await this.require(userId);
    if (user.role === role) return this.view(user);
    user.role = role;
    // A session caches its role: end them so the new role applies at the next sign-in.
    return this.saveWith(user, (tx) => this.events.record(tx, DomainEvent.SessionsRevoke, { userId: user.id, reason: 'role changed' }));
  }

  /** Saves the user and records its event in one transaction, then delivers the event. */
  private async saveWith(user: UserEntity, record: (tx: EntityManager) => Promise<string>): Promise<UserView> {
    const [saved, event] = await this.db.transaction(async (tx) => {
      const row = await tx.getRepository(UserEntity).save(user);
      return [row, await record(tx)] as const;
    });
    await this.events.deliver([event]);
    return this.view(saved);
  }

  private view(user: UserEntity): UserView {
    return toUserView(user, this.config.twoFactor.requireForAdmins);
  }

  async count(): Promise<number> {
    return this.users.count();
  }

  private async require(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError(ErrorCode.NotFound, 'User not found');
    return user;
  }

  private async assertAvailable(username: string, email: string, exceptId?: string): Promise<void> {
    const [usernameTaken, emailTaken] = await Promise.all([
      this.users.usernameTaken(username.trim(), exceptId),
      this.users.emailTaken(email.trim(), exceptId),
    ]);
    if (usernameTaken) throw conflict('username');
    if (emailTaken) throw conflict('email');
  }

  /** Two requests racing for the same name: the unique index decides, with the same message. */
  private async saveUnique(user: UserEntity): Promise<UserEntity> {
    try {
      return await this.users.save(user);
    } catch (error) {
      const field = uniqueViolationField(error);
      if (field) throw conflict(field);
      throw error;
    }
  }
}

function conflict(field: 'username' | 'email'): DomainError {
  return new DomainError(ErrorCode.Conflict, TAKEN[field], { [field]: TAKEN[field] });
}
