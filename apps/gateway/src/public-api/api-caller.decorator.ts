import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiKeyPrincipal, DomainError, ErrorCode } from '@qrd/contracts';
import type { ApiKeyRequest } from './api-key-authenticator';

/** The API key of a /api/v1 request (routes with access 'api-read' or 'api-write' always have one). */
export const ApiCaller = createParamDecorator((_: unknown, context: ExecutionContext): ApiKeyPrincipal => {
  const key = context.switchToHttp().getRequest<ApiKeyRequest>().apiKey;
  if (!key) throw new DomainError(ErrorCode.Unauthenticated, 'Send your API key as "Authorization: Bearer qrd_live_..."');
  return key;
});
