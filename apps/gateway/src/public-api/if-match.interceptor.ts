import { applyDecorators, CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { API_KEY_MESSAGES, DomainError, ErrorCode } from '@qrd/contracts';
import type { Observable } from 'rxjs';
import type { ApiKeyRequest } from './api-key-authenticator';
import { ApiProblems } from './problem-responses';
import { PublicApiService } from './public-api.service';

type EtagOf = (body: string, encoding: BufferEncoding) => string;

/** A request whose If-Match was checked: the version of the code (its `updatedAt`) the change must still find. */
export interface IfMatchRequest extends ApiKeyRequest {
  unchangedSince?: string;
}

/** The version an If-Match named, for the change to be made only on it (undefined without If-Match, or with `*`). */
export const UnchangedSince = createParamDecorator(
  (_: unknown, context: ExecutionContext): string | undefined => context.switchToHttp().getRequest<IfMatchRequest>().unchangedSince,
);

/** An entity tag without its weakness mark: W/"x" and "x" name the same version here. */
function opaque(tag: string): string {
  return tag.trim().replace(/^W\//, '');
}

/**
 * RFC 9110 section 13.1.1, compared weakly: our ETags are weak (Express's, and nginx weakens any
 * it compresses) yet a hash of the whole JSON, so equal tags mean an equal code.
 */
export function ifMatchAllows(header: string, current: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(current));
}

/**
 * `If-Match` on a change to a code: the change goes ahead only while the code's ETag (that of
 * GET /api/v1/codes/{id}) is one the header names; otherwise 412 and nothing changes. The ETag is
 * worked out as Express works out the GET's, from the same JSON. The version found is passed on
 * (`UnchangedSince`), and the qr-service makes the change only if the code, once locked, is still
 * that version: two changes sent with the same ETag at once never both go ahead.
 */
@Injectable()
export class IfMatchInterceptor implements NestInterceptor {
  constructor(private readonly api: PublicApiService) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<IfMatchRequest>();
    const header = req.header('if-match');
    if (header !== undefined && req.apiKey) {
      const code = await this.api.getCode(req.apiKey.userId, String(req.params.id));
      const etagOf = req.app.get('etag fn') as EtagOf;
      if (!ifMatchAllows(header, etagOf(JSON.stringify(code), 'utf8'))) throw new DomainError(ErrorCode.PreconditionFailed, API_KEY_MESSAGES.staleVersion);
      if (header.trim() !== '*') req.unchangedSince = code.updatedAt;
    }
    return next.handle();
  }
}

/** A code route that honours If-Match, described as such. */
export function IfMatch(): MethodDecorator {
  return applyDecorators(
    UseInterceptors(IfMatchInterceptor),
    ApiHeader({
      name: 'If-Match',
      required: false,
      description: 'The ETag of GET /api/v1/codes/{id}: the change is made only if the code is still that version (412 otherwise). `*` matches any version',
    }),
    ApiProblems(412),
  );
}
