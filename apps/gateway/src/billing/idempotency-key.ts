import { DomainError, ErrorCode } from '@qrd/contracts';

const KEY = /^[A-Za-z0-9._:-]{8,255}$/;

/** The optional `Idempotency-Key` header of a paying request: absent, or 8-255 safe characters. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (!KEY.test(header)) {
    throw new DomainError(
      ErrorCode.Validation,
      'Idempotency-Key must be 8 to 255 characters: letters, digits, dots, dashes, underscores or colons.',
    );
  }
  return header;
}
