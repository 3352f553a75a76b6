/** The errors the codes' use cases answer with: not found, a field refused, a stale If-Match. */
import { API_KEY_MESSAGES, DomainError, ErrorCode, SLUG_MESSAGES } from '@qrd/contracts';
import type { CodeRecord } from './code.record';

const NOT_FOUND = 'QR code not found';

export function codeNotFound(): DomainError {
  return new DomainError(ErrorCode.NotFound, NOT_FOUND);
}

/** A validation error of one field, its message also the error's. */
export function invalid(field: string, message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { [field]: message });
}

/** The unique indexes of a short link in its namespace (the default host's, or one domain's). */
const SLUG_INDEXES = new Set(['codes_slug_key', 'codes_domain_slug_key']);

/**
 * A code moved onto a domain where another code took its short link after the check before the
 * move (two moves at the same moment): the unique index refuses the second, which is told the link
 * is taken, as the check tells it; any other error is thrown as it came.
 */
export function slugTakenOnMove(error: unknown): never {
  const failed = error as { code?: string; constraint?: string };
  if (failed.code === '23505' && failed.constraint !== undefined && SLUG_INDEXES.has(failed.constraint)) throw invalid('domainId', SLUG_MESSAGES.taken);
  throw error;
}

/** 412 when the caller checked its If-Match against a version of the code that is no longer the current one. */
export function requireUnchanged(code: CodeRecord, unchangedSince: string | undefined): void {
  if (unchangedSince !== undefined && code.updatedAt.toISOString() !== unchangedSince) {
    throw new DomainError(ErrorCode.PreconditionFailed, API_KEY_MESSAGES.staleVersion);
  }
}
