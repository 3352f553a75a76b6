import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { UserRole } from '@qrd/contracts';
import { delEach, REDIS } from '@qrd/messaging';

export interface SessionData {
  userId: string;
  role: UserRole;
  createdAt: number;
  lastSeenAt: number;
  /** Signed in with a second factor, or turned it on since (REQUIRE_ADMIN_2FA checks this). */
  twoFactor?: boolean;
}

export interface Session extends SessionData {
  /** The opaque id from the cookie (never stored: Redis keys hold its hash). */
  id: string;
}

export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** Sliding the idle expiry costs a write; doing it at most once a minute is plenty. */
const TOUCH_INTERVAL_MS = 60_000;
/** Index entries of sessions that expired on their own are swept once a user has this many. */
const INDEX_SWEEP_AT = 20;

/** Server-side sessions in Redis, with a per-user index so all of a user's sessions can end at once. */
@Injectable()
export class SessionStore {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(userId: string, role: UserRole, twoFactor = false): Promise<Session> {
    const id = randomBytes(32).toString('base64url');
    const now = Date.now();
    const data: SessionData = { userId, role, createdAt: now, lastSeenAt: now, twoFactor };
    // The user's index first, then the session: a session is never out of the index that ends
    // them all (the two keys may be in different slots of a cluster: no transaction spans them).
    await this.redis.multi().sadd(this.userKey(userId), hash(id)).expire(this.userKey(userId), SESSION_ABSOLUTE_SECONDS).exec();
    await this.redis.set(this.key(id), JSON.stringify(data), 'EX', SESSION_IDLE_SECONDS);
    await this.sweepIndex(userId);
    return { id, ...data };
  }

  async get(id: string): Promise<Session | null> {
    const raw = await this.redis.get(this.key(id));
    if (!raw) return null;
    const data = JSON.parse(raw) as SessionData;
    const now = Date.now();
    if (now - data.createdAt > SESSION_ABSOLUTE_SECONDS * 1000) {
      await this.destroy(id);
      return null;
    }
    if (now - data.lastSeenAt > TOUCH_INTERVAL_MS) {
      data.lastSeenAt = now;
      // Idle expiry slides, but never past the absolute end of the session.
      const left = Math.ceil((data.createdAt + SESSION_ABSOLUTE_SECONDS * 1000 - now) / 1000);
      await this.redis.set(this.key(id), JSON.stringify(data), 'EX', Math.max(1, Math.min(SESSION_IDLE_SECONDS, left)));
    }
    return { id, ...data };
  }

  /** Marks a live session as (no longer) protected by a second factor, keeping its expiry. */
  async setTwoFactor(id: string, twoFactor: boolean): Promise<void> {
    const raw = await this.redis.get(this.key(id));
    if (!raw) return;
    const data = { ...(JSON.parse(raw) as SessionData), twoFactor };
    await this.redis.set(this.key(id), JSON.stringify(data), 'KEEPTTL');
  }

  async destroy(id: string): Promise<void> {
    const raw = await this.redis.get(this.key(id));
    await this.redis.del(this.key(id));
    if (raw) await this.redis.srem(this.userKey((JSON.parse(raw) as SessionData).userId), hash(id));
  }

  /** Ends every session of a user, except optionally the one making the request. */
  async destroyAllForUser(userId: string, exceptId?: string): Promise<number> {
    const hashes = await this.redis.smembers(this.userKey(userId));
    const keep = exceptId ? hash(exceptId) : null;
    const doomed = hashes.filter((h) => h !== keep);
    if (doomed.length === 0) return 0;
    // The sessions first, then their index entries (a cluster spreads them over its slots).
    await delEach(this.redis, doomed.map((h) => this.hashedKey(h)));
    await this.redis.srem(this.userKey(userId), ...doomed);
    return doomed.length;
  }

  private async sweepIndex(userId: string): Promise<void> {
    const hashes = await this.redis.smembers(this.userKey(userId));
    if (hashes.length < INDEX_SWEEP_AT) return;
    const alive = await Promise.all(hashes.map((h) => this.redis.exists(this.hashedKey(h))));
    const dead = hashes.filter((_, i) => alive[i] === 0);
    if (dead.length > 0) await this.redis.srem(this.userKey(userId), ...dead);
  }

  private key(id: string): string {
    return this.hashedKey(hash(id));
  }

  private hashedKey(idHash: string): string {
    return `${this.config.redisPrefix}:sess:${idHash}`;
  }

  private userKey(userId: string): string {
    return `${this.config.redisPrefix}:user-sess:${userId}`;
  }
}

function hash(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
