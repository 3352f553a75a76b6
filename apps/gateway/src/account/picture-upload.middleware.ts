import { raw } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { DomainError, ErrorCode, PROFILE_PICTURE_MAX_BYTES } from '@qrd/contracts';

/**
 * A profile picture arrives as the file itself, whatever Content-Type the browser gives it: the
 * auth-service judges the bytes (sharp reads them), so the header is neither trusted nor required.
 * Uploads have their own limit (5 MB); a JSON body has already met the 100 KB one.
 */
const parsePicture = raw({ type: () => true, limit: PROFILE_PICTURE_MAX_BYTES });

export function pictureUploadMiddleware(req: Request, res: Response, next: NextFunction): void {
  parsePicture(req, res, (error?: unknown) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    const message = tooLarge ? 'The picture is too large: upload an image of at most 5 MB' : 'The picture could not be read';
    next(new DomainError(tooLarge ? ErrorCode.TooLarge : ErrorCode.Validation, message, { picture: message }));
  });
}
