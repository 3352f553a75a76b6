import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { ResetLinksPort } from '../users/user-ports';
import { ResetTokenEntity } from './reset-token.entity';

/** Domain-named access to auth.password_reset_tokens (only token hashes are stored). */
@Injectable()
export class ResetTokensRepository implements ResetLinksPort {
  constructor(
    @InjectRepository(ResetTokenEntity) private readonly tokens: Repository<ResetTokenEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async add(tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
    await this.tokens.insert({ tokenHash, userId, expiresAt });
  }

  /** The token if it is unused and not expired. */
  findUsable(tokenHash: string): Promise<ResetTokenEntity | null> {
    return this.tokens.findOneBy({ tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /**
   * In one transaction: claims the token (a second use, even a concurrent one, finds nothing to
   * claim), sets the password and voids the user's other outstanding tokens. Returns the user id,
   * or null when the token was not usable.
   */
  /**
   * Sets the new password and uses up the user's links, then `within` records what follows in the
   * same transaction; answers the user and what `within` answered, or null for an unusable link.
   */
  consume<T>(tokenHash: string, passwordHash: string, within: (em: EntityManager, userId: string) => Promise<T>): Promise<{ userId: string; then: T } | null> {
    return this.dataSource.transaction(async (em) => {
      const claimed = await em
        .createQueryBuilder()
        .update(ResetTokenEntity)
        .set({ usedAt: () => 'now()' })
        .where('token_hash = :tokenHash AND used_at IS NULL AND expires_at > now()', { tokenHash })
        .returning('user_id')
        .execute();
      const row = (claimed.raw as { user_id: string }[])[0];
      if (!row) return null;
      await em.update(UserEntity, { id: row.user_id }, { passwordHash });
      await em.update(ResetTokenEntity, { userId: row.user_id, usedAt: IsNull() }, { usedAt: new Date() });
      return { userId: row.user_id, then: await within(em, row.user_id) };
    });
  }

  /** Voids every outstanding link of a user (after a password change). */
  async voidAllForUser(userId: string): Promise<void> {
    await this.tokens.update({ userId, usedAt: IsNull() }, { usedAt: new Date() });
  }
}
