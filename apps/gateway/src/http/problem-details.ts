import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';
import type { ErrorBody } from '@qrd/contracts';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The public API: its errors are RFC 9457 problem details, the web routes keep {code, message}. */
export function isPublicApiPath(path: string): boolean {
  return path === '/api/v1' || path.startsWith('/api/v1/');
}

/**
 * RFC 9457: `type` is about:blank (the status says what kind of problem it is), `title` the
 * status's phrase, `detail` the sentence a person reads; `code` and `errors` (field -> message)
 * are our extension members, the same codes and messages the web routes answer with.
 */
export interface ProblemDetails {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  code: ErrorBody['code'];
  errors?: Record<string, string>;
}

export function sendProblem(res: Response, status: number, body: ErrorBody): void {
  const problem: ProblemDetails = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: body.message,
    code: body.code,
    ...(body.fields ? { errors: body.fields } : {}),
  };
  res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}
