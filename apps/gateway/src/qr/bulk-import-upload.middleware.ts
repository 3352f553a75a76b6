import { raw } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { BULK_IMPORT_MAX_BYTES, BULK_IMPORT_MESSAGES, DomainError, ErrorCode } from '@qrd/contracts';

/** What browsers and spreadsheets send a .csv file as. */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];
const parseCsv = raw({ type: CSV_TYPES, limit: BULK_IMPORT_MAX_BYTES });

function refused(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { file: message });
}

/**
 * A bulk import arrives as the CSV file itself (the JSON body limit stays small everywhere else);
 * a larger file is refused with the limit in words before it is read to the end.
 */
export function bulkImportUploadMiddleware(req: Request, res: Response, next: NextFunction): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!CSV_TYPES.includes(type)) return next(refused(BULK_IMPORT_MESSAGES.notCsv));
  parseCsv(req, res, (error?: unknown) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    next(refused(tooLarge ? BULK_IMPORT_MESSAGES.tooLarge : 'The file could not be read'));
  });
}
