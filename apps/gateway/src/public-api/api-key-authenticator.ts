import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import IORedis from 'ioredis';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { API_KEY_MESSAGES, API_KEY_PATTERN, API_RESOURCE_GROUPS, ApiKeyPrincipal, ApiKeyScope, ApiResourceGroup, AuthPattern, DomainError, ErrorCode } from '@qrd/contracts';
import { MessageBus, REDIS } from '@qrd/messaging';
import { RateLimitedError } from '../http/rate-limited.error';

/** How long a gateway trusts what it learnt about a key; a revocation also clears it at once. */
export const API_KEY_CACHE_SECONDS = 30;
const RATE_WINDOW_SECONDS = 60;
/** Wrong keys from one address: enough for a typo, not for guessing. */
const BAD_KEYS_PER_IP_PER_MINUTE = 30;

export interface ApiKeyRequest extends Request {
  apiKey?: ApiKeyPrincipal;
}

/**
 * `Authorization: Bearer qrd_live_...` on /api/v1: who the key belongs to (asked of the
 * auth-service, remembered briefly in Redis), its scope, and its rate limit with the standard
 * RateLimit-* headers.
 */
@Injectable()
export class ApiKeyAuthenticator {
  constructor(
    private readonly bus: MessageBus,
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async authenticate(req: ApiKeyRequest, res: Response, needs: ApiKeyScope, group: ApiResourceGroup): Promise<ApiKeyPrincipal> {
    const key = /^Bearer\s+(\S+)\s*$/i.exec(req.header('authorization') ?? '')?.[1];
    if (!key) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.missing);
    const principal = await this.principal(key, req.ip ?? null);
    await this.countRequest(principal.keyId, res);
    if (needs === 'write' && principal.scope !== 'write') throw new DomainError(ErrorCode.Forbidden, API_KEY_MESSAGES.readOnly);
    // A principal cached before keys had resource groups reaches everything, as it did.
    if (!(principal.resources ?? API_RESOURCE_GROUPS).includes(group)) {
      throw new DomainError(ErrorCode.Forbidden, API_KEY_MESSAGES.notForResource(group));
    }
    req.apiKey = principal;
    return principal;
  }

  /** Drops a revoked key from the cache, so no replica accepts it any more. */
  async forget(keyHash: string): Promise<void> {
    await this.redis.del(this.cacheKey(keyHash));
  }

  private async principal(key: string, ip: string | null): Promise<ApiKeyPrincipal> {
    if (!API_KEY_PATTERN.test(key)) return this.refuse(ip, API_KEY_MESSAGES.invalid);
    const keyHash = createHash('sha256').update(key).digest('hex');
    const cached = await this.redis.get(this.cacheKey(keyHash));
    let principal: ApiKeyPrincipal;
    if (cached) {
      principal = JSON.parse(cached) as ApiKeyPrincipal;
    } else {
      try {
        principal = await this.bus.request(AuthPattern.VerifyApiKey, { keyHash, ip });
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) return this.refuse(ip, error.message);
        throw error;
      }
      await this.redis.set(this.cacheKey(keyHash), JSON.stringify(principal), 'EX', API_KEY_CACHE_SECONDS);
    }
    if (principal.expiresAt && Date.parse(principal.expiresAt) <= Date.now()) throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.expired);
    return principal;
  }

  private async refuse(ip: string | null, message: string): Promise<never> {
    const key = `${this.config.redisPrefix}:rl:api-bad-key:${ip ?? 'unknown'}`;
    const [[, count], , [, ttl]] = ((await this.redis.multi().incr(key).expire(key, RATE_WINDOW_SECONDS, 'NX').ttl(key).exec()) ?? []) as [unknown, number][];
    if (Number(count) > BAD_KEYS_PER_IP_PER_MINUTE) throw new RateLimitedError(Number(ttl) > 0 ? Number(ttl) : RATE_WINDOW_SECONDS);
    throw new DomainError(ErrorCode.Unauthenticated, message);
  }

  /** A fixed window per key, shared by every gateway replica. */
  private async countRequest(keyId: string, res: Response): Promise<void> {
    const limit = this.config.rateLimits.apiKeyPerMinute;
    const key = `${this.config.redisPrefix}:rl:api-key:${keyId}`;
    const [[, count], , [, ttl]] = ((await this.redis.multi().incr(key).expire(key, RATE_WINDOW_SECONDS, 'NX').ttl(key).exec()) ?? []) as [unknown, number][];
    const reset = Number(ttl) > 0 ? Number(ttl) : RATE_WINDOW_SECONDS;
    res.setHeader('RateLimit-Limit', String(limit));
    res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - Number(count))));
    res.setHeader('RateLimit-Reset', String(reset));
    if (Number(count) > limit) throw new RateLimitedError(reset);
  }

  private cacheKey(keyHash: string): string {
    return `${this.config.redisPrefix}:api-key:${keyHash}`;
  }
}
