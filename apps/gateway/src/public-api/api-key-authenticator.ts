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
/** The protection space named in WWW-Authenticate (RFC 9110 section 11.5). */
export const API_REALM = 'api';

/** The draft standard's headers (draft-ietf-httpapi-ratelimit-headers), as every /api/v1 answer carries them; returns the reset. */
function setRateLimitHeaders(res: Response, limit: number, count: number, ttl: number): number {
  const reset = ttl > 0 ? ttl : RATE_WINDOW_SECONDS;
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, limit - count)));
  res.setHeader('RateLimit-Reset', String(reset));
  return reset;
}

/** RFC 6750 section 3: the challenge of a 401 or 403, its values quoted (no quote or backslash inside). */
export function bearerChallenge(params: Record<string, string>): string {
  const quoted = Object.entries(params).map(([name, value]) => `${name}="${value.replace(/[^\x20-\x7e]|["\\]/g, "'")}"`);
  return [`Bearer realm="${API_REALM}"`, ...quoted].join(', ');
}

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
    if (!key) {
      // Not a guess, so not counted; the answer still shows what is left of the address's window.
      await this.showBadKeyWindow(req.ip ?? null, res);
      res.setHeader('WWW-Authenticate', bearerChallenge({}));
      throw new DomainError(ErrorCode.Unauthenticated, API_KEY_MESSAGES.missing);
    }
    const principal = await this.principal(key, req.ip ?? null, res);
    await this.countRequest(principal.keyId, res);
    if (needs === 'write' && principal.scope !== 'write') throw this.forbidden(res, 'write', API_KEY_MESSAGES.readOnly);
    // A principal cached before keys had resource groups reaches everything, as it did.
    if (!(principal.resources ?? API_RESOURCE_GROUPS).includes(group)) throw this.forbidden(res, group, API_KEY_MESSAGES.notForResource(group));
    req.apiKey = principal;
    return principal;
  }

  /** Drops a revoked key from the cache, so no replica accepts it any more. */
  async forget(keyHash: string): Promise<void> {
    await this.redis.del(this.cacheKey(keyHash));
  }

  private async principal(key: string, ip: string | null, res: Response): Promise<ApiKeyPrincipal> {
    if (!API_KEY_PATTERN.test(key)) return this.refuse(ip, res, API_KEY_MESSAGES.invalid);
    const keyHash = createHash('sha256').update(key).digest('hex');
    const cached = await this.redis.get(this.cacheKey(keyHash));
    let principal: ApiKeyPrincipal;
    if (cached) {
      principal = JSON.parse(cached) as ApiKeyPrincipal;
    } else {
      try {
        principal = await this.bus.request(AuthPattern.VerifyApiKey, { keyHash, ip });
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCode.Unauthenticated) return this.refuse(ip, res, error.message);
        throw error;
      }
      await this.redis.set(this.cacheKey(keyHash), JSON.stringify(principal), 'EX', API_KEY_CACHE_SECONDS);
    }
    if (principal.expiresAt && Date.parse(principal.expiresAt) <= Date.now()) return this.refuse(ip, res, API_KEY_MESSAGES.expired);
    return principal;
  }

  /** A wrong, revoked or expired key: counted against the address (guessing), answered 401 with RFC 6750's invalid_token. */
  private async refuse(ip: string | null, res: Response, message: string): Promise<never> {
    const reset = await this.countWindow(this.badKeyWindow(ip), BAD_KEYS_PER_IP_PER_MINUTE, res);
    if (reset !== null) throw new RateLimitedError(reset);
    res.setHeader('WWW-Authenticate', bearerChallenge({ error: 'invalid_token', error_description: message }));
    throw new DomainError(ErrorCode.Unauthenticated, message);
  }

  /** RFC 6750: a key without the scope the route needs is 403 insufficient_scope, naming it. */
  private forbidden(res: Response, scope: string, message: string): DomainError {
    res.setHeader('WWW-Authenticate', bearerChallenge({ error: 'insufficient_scope', error_description: message, scope }));
    return new DomainError(ErrorCode.Forbidden, message);
  }

  private async showBadKeyWindow(ip: string | null, res: Response): Promise<void> {
    const key = this.badKeyWindow(ip);
    const [[, count], [, ttl]] = ((await this.redis.multi().get(key).ttl(key).exec()) ?? []) as [unknown, number][];
    setRateLimitHeaders(res, BAD_KEYS_PER_IP_PER_MINUTE, Number(count ?? 0), Number(ttl));
  }

  private badKeyWindow(ip: string | null): string {
    return `${this.config.redisPrefix}:rl:api-bad-key:${ip ?? 'unknown'}`;
  }

  /** A fixed window per key, shared by every gateway replica. */
  private async countRequest(keyId: string, res: Response): Promise<void> {
    const reset = await this.countWindow(`${this.config.redisPrefix}:rl:api-key:${keyId}`, this.config.rateLimits.apiKeyPerMinute, res);
    if (reset !== null) throw new RateLimitedError(reset);
  }

  /** Counts one request in a window and sets the RateLimit-* headers; the seconds to wait when over the limit, else null. */
  private async countWindow(key: string, limit: number, res: Response): Promise<number | null> {
    const [[, count], , [, ttl]] = ((await this.redis.multi().incr(key).expire(key, RATE_WINDOW_SECONDS, 'NX').ttl(key).exec()) ?? []) as [unknown, number][];
    const reset = setRateLimitHeaders(res, limit, Number(count), Number(ttl));
    return Number(count) > limit ? reset : null;
  }

  private cacheKey(keyHash: string): string {
    return `${this.config.redisPrefix}:api-key:${keyHash}`;
  }
}
