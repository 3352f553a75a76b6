import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, Repository } from 'typeorm';
import { ApiKeyEntity } from './api-key.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Domain-named access to auth.api_keys. */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectRepository(ApiKeyEntity) private readonly keys: Repository<ApiKeyEntity>) {}

  /** Within `tx` when given (the audit log entry goes in the same transaction). */
  add(fields: Pick<ApiKeyEntity, 'workspaceId' | 'userId' | 'name' | 'scope' | 'resources' | 'prefix' | 'keyHash' | 'expiresAt'>, tx?: EntityManager): Promise<ApiKeyEntity> {
    const keys = tx ? tx.getRepository(ApiKeyEntity) : this.keys;
    return keys.save(keys.create(fields));
  }

  /** A workspace's keys, newest first, revoked ones included (the list shows when they were revoked). */
  listOwned(workspaceId: string): Promise<ApiKeyEntity[]> {
    return this.keys.find({ where: { workspaceId }, order: { createdAt: 'DESC' } });
  }

  countUsable(workspaceId: string): Promise<number> {
    return this.keys.countBy({ workspaceId, revokedAt: IsNull() });
  }

  findOwned(workspaceId: string, id: string): Promise<ApiKeyEntity | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.keys.findOneBy({ workspaceId, id });
  }

  findByHash(keyHash: string): Promise<ApiKeyEntity | null> {
    return this.keys.findOneBy({ keyHash });
  }

  async revoke(id: string, tx?: EntityManager): Promise<void> {
    await (tx ? tx.getRepository(ApiKeyEntity) : this.keys).update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  async markUsed(id: string, ip: string | null): Promise<void> {
    await this.keys.update({ id }, { lastUsedAt: new Date(), lastUsedIp: ip });
  }
}
