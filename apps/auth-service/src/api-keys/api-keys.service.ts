import { Injectable } from '@nestjs/common';
import { createHash, randomInt } from 'node:crypto';
import {
  API_KEY_MAX_PER_USER,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  API_RESOURCE_GROUPS,
  ApiKeyPrincipal,
  ApiKeyView,
  apiKeyExpiry,
  AuthPattern,
  AuthRequests,
  can,
  CreatedApiKey,
  DomainError,
  ErrorCode,
} from '@qrd/contracts';
import { DataSource } from 'typeorm';
import { UsersRepository } from '../users/users.repository';
import { AuditLog } from '../workspaces/audit-log';
import { roleIn } from '../workspaces/workspace-access';
import { toApiKeyView } from './api-key.entity';
import { ApiKeysRepository } from './api-keys.repository';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;

/** SHA-256 is enough for a key of 190 random bits (no dictionary to guess from), and fast to look up. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly db: DataSource,
    private readonly audit: AuditLog,
  ) {}

  async create(req: AuthRequests[AuthPattern.CreateApiKey]['req']): Promise<CreatedApiKey> {
    const expiresAt = req.expiresOn ? apiKeyExpiry(req.expiresOn) : null;
    if (req.expiresOn && (!expiresAt || expiresAt.getTime() <= Date.now())) {
      throw new DomainError(ErrorCode.Validation, API_KEY_MESSAGES.expiresAt, { expiresOn: API_KEY_MESSAGES.expiresAt });
    }
    if ((await this.keys.countUsable(req.workspaceId)) >= API_KEY_MAX_PER_USER) {
      throw new DomainError(ErrorCode.Conflict, API_KEY_MESSAGES.tooMany);
    }
    let random = '';
    for (let i = 0; i < RANDOM_LENGTH; i++) random += BASE62[randomInt(BASE62.length)];
    const key = `${API_KEY_PREFIX}${random}`;
    const saved = await this.db.transaction(async (tx) => {
      const added = await this.keys.add(
        {
          workspaceId: req.workspaceId,
          userId: req.userId,
          name: req.name.trim(),
          scope: req.scope,
          // Kept in one order, whatever order they were chosen in.
          resources: API_RESOURCE_GROUPS.filter((group) => !req.resources || req.resources.includes(group)),
          prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
          keyHash: hashApiKey(key),
          expiresAt,
        },
        tx,
      );
      await this.audit.record(tx, { workspaceId: req.workspaceId, actorId: req.userId, action: 'api_key.created', details: { name: added.name, scope: added.scope } });
      return added;
    });
    return { ...toApiKeyView(saved), key };
  }

  async list(workspaceId: string): Promise<ApiKeyView[]> {
    return (await this.keys.listOwned(workspaceId)).map(toApiKeyView);
  }

  async revoke(workspaceId: string, actorId: string, keyId: string): Promise<{ keyHash: string }> {
    const key = await this.keys.findOwned(workspaceId, keyId);
    if (!key) throw new DomainError(ErrorCode.NotFound, 'API key not found');
    await this.db.transaction(async (tx) => {
      await this.keys.revoke(key.id, tx);
      await this.audit.record(tx, { workspaceId, actorId, action: 'api_key.revoked', details: { name: key.name, scope: key.scope } });
    });
    return { keyHash: key.keyHash };
  }

  /** Who the key belongs to; a revoked, expired or unknown key, or a suspended owner, is refused. */
  async verify(keyHash: string, ip: string | null): Promise<ApiKeyPrincipal> {
    const key = /^[0-9a-f]{64}$/.test(keyHash) ? await this.keys.findByHash(keyHash) : null;
    if (!key) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.invalid);
    if (key.revokedAt) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.revoked);
    if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.expired);
    const owner = await this.users.findById(key.userId);
    if (!owner) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.invalid);
    if (owner.status !== 'active') throw new DomainError(ErrorCode.Suspended, 'This account is suspended');
    // Its maker must still be a member allowed to hold keys there (removal revokes them too).
    if (!can(await roleIn(this.db, key.workspaceId, key.userId), 'integrations.manage')) {
      throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.revoked);
    }
    await this.keys.markUsed(key.id, ip);
    return {
      keyId: key.id,
      userId: key.workspaceId,
      actorId: key.userId,
      name: key.name,
      scope: key.scope,
      resources: key.resources,
      expiresAt: key.expiresAt?.toISOString() ?? null,
    };
  }
}
