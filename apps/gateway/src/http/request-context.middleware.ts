import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from '@qrd/config';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

/** Gives every request an id (nginx's X-Request-Id when it sends a sane one) that follows it into messages. */
export function requestContextMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', requestId);
  requestContext.run({ requestId }, () => next());
}
