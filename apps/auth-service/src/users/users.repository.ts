import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from './user.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Domain-named access to auth.users. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    // Not a uuid cannot be a user (and would be a PostgreSQL type error, not "not found").
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.users.findOneBy({ id });
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.username) = lower(:username)', { username }).getOne();
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  async usernameTaken(username: string, exceptId?: string): Promise<boolean> {
    const found = await this.findByUsername(username);
    return !!found && found.id !== exceptId;
  }

  async emailTaken(email: string, exceptId?: string): Promise<boolean> {
    const found = await this.findByEmail(email);
    return !!found && found.id !== exceptId;
  }

  save(user: UserEntity): Promise<UserEntity> {
    return this.users.save(user);
  }

  create(fields: Partial<UserEntity>): UserEntity {
    return this.users.create(fields);
  }

  async page(page: number, pageSize: number, search?: string, ids?: string[]): Promise<[UserEntity[], number]> {
    const query = this.users.createQueryBuilder('u').orderBy('u.created_at', 'DESC');
    if (search) {
      query.andWhere(
        "(u.username ILIKE :s OR u.email ILIKE :s OR coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '') ILIKE :s)",
        { s: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` },
      );
    }
    if (ids) query.andWhere('u.id IN (:...ids)', { ids: ids.length ? ids : ['00000000-0000-0000-0000-000000000000'] });
    return query
      .skip((page - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  count(): Promise<number> {
    return this.users.count();
  }
}

/** Postgres unique violation on one of our indexes, mapped to the field it protects. */
export function uniqueViolationField(error: unknown): 'username' | 'email' | null {
  const e = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
  const code = e.driverError?.code ?? e.code;
  const constraint = e.driverError?.constraint ?? e.constraint;
  if (code !== '23505') return null;
  if (constraint === 'users_username_key') return 'username';
  if (constraint === 'users_email_key') return 'email';
  return null;
}
