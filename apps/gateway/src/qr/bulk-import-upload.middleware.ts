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
  if (!CSV_TYPES.includes(type)) return next(refused(BULK_IMPORT_MESSAGES.notCsv));
  const length = Number(req.headers['content-length'] ?? NaN);
  if (length > BULK_IMPORT_MAX_BYTES) return next(refused(BULK_IMPORT_MESSAGES.tooLarge));
  if (length === 0) return next(refused(BULK_IMPORT_MESSAGES.empty));
  next();
}
