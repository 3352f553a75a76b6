import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { DomainError, ErrorCode } from '@qrd/contracts';

/** How deep a JSON body may nest: no form of ours comes close. */
export const MAX_BODY_DEPTH = 32;

/** Keys that would reach an object's prototype if anything ever merged the body into an object. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** C0 controls (tab, line feed and carriage return excepted) and DEL: nothing a person types. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function bad(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message);
}

/** What is wrong with a parsed JSON body, in words a person understands, or null. */
export function hostileBodyProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? 'Text must not contain control characters.' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_BODY_DEPTH) return `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) return `The request body must not contain a "${key}" key.`;
    if (CONTROL.test(key)) return 'Text must not contain control characters.';
    const problem = hostileBodyProblem((value as Record<string, unknown>)[key], depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * Every request body, before any handler sees it: valid UTF-8, not nested deeper than any form
 * of ours, no prototype keys, no control characters in text. Each answers 400 with a message;
 * nothing is changed.
 */
@Injectable()
export class HostileBodyInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Global interceptors also wrap the gateway's queue handlers (events): only HTTP requests have a body to check.
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & { rawBody?: Buffer }>();
    const type = req.headers['content-type'] ?? '';
    if (req.rawBody && /json|text|urlencoded/i.test(type)) {
      try {
        UTF8.decode(req.rawBody);
      } catch {
        throw bad('The request body is not valid UTF-8 text.');
      }
    }
    const problem = hostileBodyProblem(req.body);
    if (problem) throw bad(problem);
    return next.handle();
  }
}

/** body-parser's own failures (too large, not JSON, an unknown charset) as the answers they mean. */
export function bodyParserFailure(exception: unknown): { status: number; message: string } | null {
  const type = (exception as { type?: unknown })?.type;
  if (typeof type !== 'string') return null;
  switch (type) {
    case 'entity.too.large':
      return { status: 413, message: 'The request body is too large (at most 100 KB).' };
    case 'entity.parse.failed':
      return { status: 400, message: 'The request body is not valid JSON.' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, message: 'The request body must be UTF-8 text.' };
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return { status: 400, message: 'The request body could not be read.' };
    default:
      return null;
  }
}
