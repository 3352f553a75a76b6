/** The errors the codes' use cases answer with: not found, a field refused, a stale If-Match. */
import { API_KEY_MESSAGES, DomainError, ErrorCode } from '@qrd/contracts';
import type { CodeRecord } from './code.record';

const NOT_FOUND = 'QR code not found';

export function codeNotFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, NOT_FOUND);
}

/** A validation error of one field, its message also the error's. */
export function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

/** 412 when the caller checked its If-Match against a version of the code that is no longer the current one. */
export function requireUnchanged(code: CodeRecord, unchangedSince: string | undefined): void {
  if (unchangedSince !== undefined && code.updatedAt.toISOString() !== unchangedSince) {
    throw new DomainError(ErrorCode.PreconditionFailed, API_KEY_MESSAGES.staleVersion);
  }
}
