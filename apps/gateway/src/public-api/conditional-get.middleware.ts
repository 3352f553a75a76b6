import type { NextFunction, Request, Response } from 'express';
import { isPublicApiPath } from '../http/problem-details';

/**
 * ETags on the public API's GETs: Express answers 304 when If-None-Match names the answer's ETag,
 * but not when the request also says `Cache-Control: no-cache` (what fetch() adds to every
 * conditional request). That header is meant for caches on the way; the origin evaluates
 * If-None-Match regardless (RFC 9110 section 13.2.1), so it is set aside here.
 */
export function conditionalGetMiddleware(req: Request, _res: Response, next: NextFunction): void {
  if ((req.method === 'GET' || req.method === 'HEAD') && req.headers['if-none-match'] && isPublicApiPath(req.path)) {
    delete req.headers['cache-control'];
  }
  next();
}
