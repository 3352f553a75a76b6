import { createHash, randomBytes } from 'node:crypto';
import IORedis from 'ioredis';

/** Two days: late entries of yesterday still hash with yesterday's salt, then it is gone for good. */
const SALT_TTL_SECONDS = 2 * 24 * 3600;

/**
 * Unique scanners without keeping IP addresses: the visitor is sha256(salt of the day, IP, user
 * agent). The salt lives only in Redis, shared by every replica, and expires, after which nobody
 * can link a hash back to an address or follow a visitor from one day to the next.
 */
export class VisitorSalts {
  private readonly salts = new Map<string, string>();

  constructor(
    private readonly redis: IORedis,
    private readonly redisPrefix: string,
  ) {}

  async hash(at: Date, ip: string, userAgent: string): Promise<string> {
    const day = at.toISOString().slice(0, 10);
    return this.hashWith(this.salts.get(day) ?? (await this.salt(day)), ip, userAgent);
  }

  /** The day's salt if this process has it already (no round trip), else undefined: then `load` it. */
  known(day: string): string | undefined {
    return this.salts.get(day);
  }

  async load(day: string): Promise<void> {
    await this.salt(day);
  }

  hashWith(salt: string, ip: string, userAgent: string): string {
    return createHash('sha256').update(salt).update('\0').update(ip).update('\0').update(userAgent).digest('base64url').slice(0, 22);
  }

  private async salt(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const key = `${this.redisPrefix}:visitor-salt:${day}`;
    // The first replica to need the day's salt creates it; everyone else reads that one.
    await this.redis.set(key, randomBytes(32).toString('base64'), 'EX', SALT_TTL_SECONDS, 'NX');
    const salt = await this.redis.get(key);
    if (!salt) throw new Error(`visitor salt for ${day} vanished`);
    if (this.salts.size > 4) this.salts.clear();
    this.salts.set(day, salt);
    return salt;
  }
}
