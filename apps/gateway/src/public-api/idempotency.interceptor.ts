import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Response } from 'express';
import IORedis from 'ioredis';
import { catchError, from, map, Observable, of, switchMap, throwError } from 'rxjs';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { DomainError, ErrorCode } from '@qrd/contracts';
import { REDIS } from '@qrd/messaging';
import { parseIdempotencyKey } from '../billing/idempotency-key';
import type { ApiKeyRequest } from './api-key-authenticator';

/** Replays answer the first answer for a day, as Stripe's and Dub's APIs do. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a first request may run before another with the same key may try again. */
const IN_FLIGHT_SECONDS = 60;

interface Stored {
  state: 'running' | 'done';
  fingerprint: string;
  body?: unknown;
}

/**
 * `Idempotency-Key` on a POST of the public API: the first successful answer is kept in Redis for
 * 24 hours per account and key, and a retry with the same key and body gets it again (with
 * `Idempotent-Replayed: true`) without acting twice. The same key with another body, or while the
 * first request still runs, is refused with 409. Failures are not kept: a retry tries again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    @Inject(REDIS) private readonly redis: IORedis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<ApiKeyRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = parseIdempotencyKey(req.header('idempotency-key'));
    if (!key || !req.apiKey) return next.handle();
    const redisKey = `${this.config.redisPrefix}:idempotency:${req.apiKey.userId}:${createHash('sha256').update(key).digest('hex')}`;
    const fingerprint = createHash('sha256').update(`${req.method} ${req.path} ${JSON.stringify(req.body ?? null)}`).digest('hex');
    const running: Stored = { state: 'running', fingerprint };
    return from(this.redis.set(redisKey, JSON.stringify(running), 'EX', IN_FLIGHT_SECONDS, 'NX')).pipe(
      switchMap((claimed) => {
        if (claimed) {
          return next.handle().pipe(
            // Kept before the answer leaves, so a retry right after it finds it.
            switchMap((body) => {
              const done: Stored = { state: 'done', fingerprint, body };
              return from(this.redis.set(redisKey, JSON.stringify(done), 'EX', IDEMPOTENCY_TTL_SECONDS)).pipe(map(() => body));
            }),
            catchError((error: unknown) => from(this.redis.del(redisKey)).pipe(switchMap(() => throwError(() => error)))),
          );
        }
        return from(this.redis.get(redisKey)).pipe(switchMap((raw) => of(this.replay(raw, fingerprint, res))));
      }),
    );
  }

  private replay(raw: string | null, fingerprint: string, res: Response): unknown {
    const stored = raw ? (JSON.parse(raw) as Stored) : null;
    if (!stored || stored.state === 'running') {
      throw new DomainError(ErrorCode.Conflict, 'A request with this Idempotency-Key is still being processed: retry in a moment');
    }
    if (stored.fingerprint !== fingerprint) {
      throw new DomainError(ErrorCode.Conflict, 'This Idempotency-Key was already used with a different request: use a new key');
    }
    res.setHeader('Idempotent-Replayed', 'true');
    return stored.body;
  }
}
