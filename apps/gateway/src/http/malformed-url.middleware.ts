import type { NextFunction, Request, Response } from 'express';
import { ErrorBody, ErrorCode, hasMalformedPercentEncoding, MALFORMED_URL_MESSAGE } from '@qrd/contracts';
import { isPublicApiPath, sendProblem } from './problem-details';

/**
 * A path with a broken percent-encoding is refused before routing, with 400 as nginx does in
 * front of us (a route would otherwise answer 404, or fail decoding a parameter).
 */
export function malformedUrlMiddleware(req: Request, res: Response, next: NextFunction): void {
  if (!hasMalformedPercentEncoding(req.originalUrl)) return next();
  const body: ErrorBody = { code: ErrorCode.Validation, message: MALFORMED_URL_MESSAGE };
  if (isPublicApiPath(req.path)) sendProblem(res, 400, body);
  else res.status(400).json(body);
}
