import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, Logger } from '@qrd/config';
import {
  ADMIN_PAGE_SIZE_DEFAULT,
  AdminUserPage,
  AdminWorkspacePage,
  AuthPattern,
  BillingPattern,
  DomainError,
  ErrorCode,
  ListUsersQueryDto,
  ListWorkspacesQueryDto,
  QrPattern,
  UserRole,
  UserStatus,
  UserView,
} from '@qrd/contracts';
import { MessageBus } from '@qrd/messaging';
import { ApiKeyAuthenticator } from '../public-api/api-key-authenticator';
import { Session, SessionStore } from '../sessions/session.store';

/** The user table must come back even when the qr- or billing-service is slow or down. */
export const ENRICHMENT_TIMEOUT_MS = 3000;

/** The admin's user table and account actions. Permissions are checked again by the auth-service. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly bus: MessageBus,
    private readonly sessions: SessionStore,
    private readonly apiKeys: ApiKeyAuthenticator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A page of users with their code and scan counts and their plan (null where unknown). */
  async list(query: ListUsersQueryDto): Promise<AdminUserPage> {
    const users = await this.bus.request(AuthPattern.ListUsers, {
      page: query.page ? Number(query.page) : 1,
      pageSize: query.pageSize ? Number(query.pageSize) : ADMIN_PAGE_SIZE_DEFAULT,
      search: query.search?.trim() || undefined,
    });
    const userIds = users.items.map((user) => user.id);
    if (userIds.length === 0) return { ...users, items: [] };
    const [stats, plans] = await Promise.all([
      this.optional('qr-service', () =>
        this.bus.request(QrPattern.UserStats, { userIds }, { timeoutMs: ENRICHMENT_TIMEOUT_MS }),
      ),
      this.optional('billing-service', () =>
        this.bus.request(BillingPattern.PlansForUsers, { userIds }, { timeoutMs: ENRICHMENT_TIMEOUT_MS }),
      ),
    ]);
    return {
      ...users,
      items: users.items.map((user) => ({
        ...user,
        // A service that answered but does not list a user means "none of them".
        codes: stats ? (stats[user.id]?.codes ?? 0) : null,
        scans: stats ? (stats[user.id]?.scans ?? 0) : null,
        plan: plans ? (plans[user.id] ?? null) : null,
      })),
    };
  }

  /** A page of workspaces with their members, and the codes, scans and plan they own. */
  async workspaces(actor: Session, query: ListWorkspacesQueryDto): Promise<AdminWorkspacePage> {
    const page = await this.bus.request(AuthPattern.AdminListWorkspaces, {
      actorId: actor.userId,
      page: query.page ? Number(query.page) : 1,
      pageSize: query.pageSize ? Number(query.pageSize) : ADMIN_PAGE_SIZE_DEFAULT,
      search: query.search?.trim() || undefined,
      sharedOnly: query.shared === 'true',
    });
    // Codes, scans and seats are kept under the owning workspace's id.
    const userIds = page.items.map((workspace) => workspace.id);
    if (userIds.length === 0) return { ...page, items: [] };
    const [stats, plans] = await Promise.all([
      this.optional('qr-service', () => this.bus.request(QrPattern.UserStats, { userIds }, { timeoutMs: ENRICHMENT_TIMEOUT_MS })),
      this.optional('billing-service', () => this.bus.request(BillingPattern.PlansForUsers, { userIds }, { timeoutMs: ENRICHMENT_TIMEOUT_MS })),
    ]);
    return {
      ...page,
      items: page.items.map((workspace) => ({
        ...workspace,
        codes: stats ? (stats[workspace.id]?.codes ?? 0) : null,
        scans: stats ? (stats[workspace.id]?.scans ?? 0) : null,
        plan: plans ? (plans[workspace.id] ?? null) : null,
      })),
    };
  }

  /** A suspended user's sessions end here at once; the user.suspended event does it again, harmlessly. */
  async setStatus(actor: Session, userId: string, status: UserStatus): Promise<UserView> {
    const user = await this.bus.request(AuthPattern.SetUserStatus, { actorId: actor.userId, userId, status });
    if (user.status === 'suspended') await this.sessions.destroyAllForUser(user.id);
    return user;
  }

  async deleteUser(actor: Session, userId: string): Promise<void> {
    if (actor.userId === userId) throw new DomainError(ErrorCode.Forbidden, 'Delete your own account from your account page');
    const { keyHashes } = await this.bus.request(AuthPattern.DeleteUser, { actorId: actor.userId, userId });
    await Promise.all(keyHashes.map((hash) => this.apiKeys.forget(hash)));
    await this.sessions.destroyAllForUser(userId);
  }

  /** Sessions cache the role: they end, so the new role applies from the next sign-in. */
  async setRole(actor: Session, userId: string, role: UserRole): Promise<UserView> {
    const user = await this.bus.request(AuthPattern.SetUserRole, { actorId: actor.userId, userId, role });
    await this.sessions.destroyAllForUser(user.id);
    return user;
  }

  private async optional<T>(service: string, load: () => Promise<T>): Promise<T | null> {
    try {
      return await load();
    } catch (error) {
      this.logger.warn({ err: error, service }, `admin list shown without data from the ${service}`);
      return null;
    }
  }
}
