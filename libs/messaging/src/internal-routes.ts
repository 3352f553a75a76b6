import {
  ArgumentsHost,
  CanActivate,
  Catch,
  Controller,
  ExceptionFilter,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  UseFilters,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, AppConfig, LOGGER, Logger, requestContext } from '@qrd/config';
import { DomainError, ErrorCode, ErrorBody } from '@qrd/contracts';

/**
 * Internal HTTP routes: what one service fetches from another when the answer is too large for
 * the queues (an image). Callers prove they are one of ours with this header.
 */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The internal token, derived from SESSION_SECRET: every service already holds that secret (and
 * whoever has it can forge sessions anyway), so this adds no secret to provision and grants nothing
 * new; a browser or anything else that reaches a service's port without it gets 403.
 */
export function internalToken(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('qr-dynamic internal routes').digest('base64url');
}

@Injectable()
export class InternalCallerGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = Buffer.from(internalToken(config.sessionSecret));
  }

  canActivate(context: ExecutionContext): boolean {
    const given = Buffer.from(context.switchToHttp().getRequest<Request>().header(INTERNAL_TOKEN_HEADER) ?? '');
    return given.length === this.expected.length && timingSafeEqual(given, this.expected);
  }
}

/** A DomainError answers 422 with its ErrorBody; anything else is logged and answers 500. */
@Catch()
export class InternalErrorFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof HttpException) {
      res.status(exception.getStatus()).json(exception.getResponse());
      return;
    }
    let body: ErrorBody = { code: ErrorCode.Internal, message: 'Internal error' };
    if (exception instanceof DomainError) body = exception.toBody();
    else this.logger.error({ err: exception }, 'internal route failed');
    res.status(body.code === ErrorCode.Internal ? 500 : 422).json(body);
  }
}

/** A controller of internal routes: internal callers only, errors as ErrorBody. */
export function InternalController(): ClassDecorator {
  return applyDecorators(Controller(), UseGuards(InternalCallerGuard), UseFilters(InternalErrorFilter));
}

/** Keeps the caller's request id, so an internal call logs under the request that made it. */
export function internalRequestContext(req: Request, _res: Response, next: NextFunction): void {
  const incoming = req.header(REQUEST_ID_HEADER);
  const requestId = incoming && /^[A-Za-z0-9._-]{8,100}$/.test(incoming) ? incoming : randomUUID();
  requestContext.run({ requestId }, () => next());
}
