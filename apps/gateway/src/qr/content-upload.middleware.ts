import { raw } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { CONTENT_FILE_MAX_BYTES, CONTENT_MESSAGES, DomainError, ErrorCode } from '@qrd/contracts';

// Any declared type: what the file is, is decided by its bytes in the qr-service.
const parseFile = raw({ type: () => true, limit: CONTENT_FILE_MAX_BYTES });

/** A content code's upload arrives as the file itself; errors become the same JSON errors as any route. */
export function contentUploadMiddleware(req: Request, res: Response, next: NextFunction): void {
  parseFile(req, res, (error?: unknown) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    if (tooLarge) return next(new DomainError(ErrorCode.TooLarge, CONTENT_MESSAGES.fileTooLarge, { file: CONTENT_MESSAGES.fileTooLarge }));
    next(new DomainError(ErrorCode.Validation, 'The file could not be read', { file: 'The file could not be read' }));
  });
}
