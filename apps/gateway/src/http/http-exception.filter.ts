import { ArgumentsHost, Catch, ExceptionFilter, HttpException } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Logger } from '@qrd/config';
import { DomainError, ErrorBody, ErrorCode } from '@qrd/contracts';
import { httpStatusFor } from './error-status';
import { isPublicApiPath, sendProblem } from './problem-details';
import { bodyParserFailure } from './hostile-body';
import { RateLimitedError } from './rate-limited.error';

/**
 * Every error leaves the gateway as JSON {code, message, fields?} with a status a browser
 * understands; on the public API (/api/v1) the same error as RFC 9457 problem details.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request>();
    if (res.headersSent) return;
    const send = (status: number, body: ErrorBody): void => {
      if (isPublicApiPath(req.path)) sendProblem(res, status, body);
      else res.status(status).json(body);
    };

    if (exception instanceof DomainError) {
      if (exception instanceof RateLimitedError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
      const status = httpStatusFor(exception.code);
      if (status >= 500) this.logger.error({ err: exception, path: req.path }, 'request failed');
      send(status, exception.toBody());
      return;
    }
    const parser = bodyParserFailure(exception);
    if (parser) {
      send(parser.status, { code: ErrorCode.Validation, message: parser.message });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      const message =
        typeof body === 'string' ? body : ((body as { message?: string | string[] }).message ?? exception.message);
      send(status, {
        code: status === 404 ? ErrorCode.NotFound : status < 500 ? ErrorCode.Validation : ErrorCode.Internal,
        message: Array.isArray(message) ? message[0] : message,
      });
      return;
    }
    this.logger.error({ err: exception, method: req.method, path: req.path }, 'unhandled error');
    send(500, { code: ErrorCode.Internal, message: `Failed to ${describe(req)}. Please try again later.` });
  }
}

function describe(req: Request): string {
  const verb = { GET: 'load', POST: 'save', PATCH: 'update', PUT: 'update', DELETE: 'delete' }[req.method] ?? 'handle';
  return `${verb} ${req.path.replace(/^\/api\//, '').split('/')[0] || 'the request'}`;
}
