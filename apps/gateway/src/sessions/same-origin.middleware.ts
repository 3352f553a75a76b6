import { DomainError, ErrorCode } from '@qrd/contracts';
import type { NextFunction, Request, Response } from 'express';
import { isPublicApiPath } from '../http/problem-details';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection: a state-changing request must come from our own pages. Browsers send
 * Sec-Fetch-Site and Origin on such requests and pages on other sites cannot forge them.
 * Provider webhooks are exempt (they are verified by signature instead), and so is the public API
 * (/api/v1): it ignores cookies and needs an API key in the Authorization header, which a page on
 * another site cannot add to a request.
 */
export function sameOriginMiddleware(allowedOrigins: string[]) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method) || req.path.startsWith('/api/webhooks/') || isPublicApiPath(req.path)) return next();
    const site = req.header('sec-fetch-site');
    const origin = req.header('origin');
    if (site === 'same-origin' || (origin && allowedOrigins.includes(origin))) return next();
    next(new DomainError(ErrorCode.Forbidden, 'This request did not come from our site and was refused'));
  };
}
