import { DomainError, ErrorCode } from '@qrd/contracts';

export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number, message = 'Too many attempts. Please wait a moment and try again.') {
    super(ErrorCode.RateLimited, message);
  }
}
