import type { NextFunction, Request, Response } from 'express';
import { BULK_IMPORT_MAX_BYTES, BULK_IMPORT_MESSAGES, DomainError, ErrorCode } from '@qrd/contracts';

/** What browsers and spreadsheets send a .csv file as. */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];

function refused(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { file: message });
}

/**
 * A bulk import arrives as the CSV file itself and is passed on to the qr-service as it arrives
 * (never held here); what is plainly not a CSV file, or announces more than the limit, is refused
 * before a byte is read. The qr-service counts the bytes of a file sent without a length.
 */
export function bulkImportUploadMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const length = Number(req.headers['content-length'] ?? NaN);
  const refusal = !CSV_TYPES.includes(type)
    ? BULK_IMPORT_MESSAGES.notCsv
    : length > BULK_IMPORT_MAX_BYTES
      ? BULK_IMPORT_MESSAGES.tooLarge
      : length === 0
        ? BULK_IMPORT_MESSAGES.empty
        : null;
  if (refusal === null) return next();
  // Read and dropped, so the sender (still sending) reads the refusal rather than a reset connection.
  req.resume();
  next(refused(refusal));
}
