import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE } from '../http/problem-details';
import { V1Problem } from './v1-schemas';

const WHY: Record<number, string> = {
  400: 'The request is not valid (see `errors`)',
  401: 'No API key, or a key that is unknown, revoked or expired',
  402: 'No free seat: buy one more code in the dashboard first',
  403: 'The key can only read, or may not use this group of routes (codes, analytics, webhooks), or the account is suspended',
  404: 'No such code or webhook endpoint in this account',
  412: 'If-Match does not name the current ETag: the code changed since it was read, and nothing was changed',
  409: 'The Idempotency-Key is in use or was used with another request, or the change conflicts with a limit or state (see `detail`)',
  429: 'Too many requests for this key: wait for `Retry-After` seconds',
};

/** The errors a route may answer, each as RFC 9457 problem details. */
export function ApiProblems(...statuses: number[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({ status, description: WHY[status] ?? 'Error', content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/V1Problem' } } } }),
    ),
  );
}

export { V1Problem };
