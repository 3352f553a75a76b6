import { raw } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { DomainError, ErrorCode, QR_LOGO_MAX_BYTES, QR_LOGO_TYPES } from '@qrd/contracts';

const parseImage = raw({ type: [...QR_LOGO_TYPES], limit: QR_LOGO_MAX_BYTES });

/**
 * A logo arrives as the image file itself (Content-Type image/png, image/jpeg or image/webp), so
 * the JSON body limit stays small everywhere else. Errors become the same JSON errors as any route.
 */
export function logoUploadMiddleware(req: Request, res: Response, next: NextFunction): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!(QR_LOGO_TYPES as readonly string[]).includes(type)) {
    next(new DomainError(ErrorCode.Validation, 'The logo must be a PNG, JPEG or WebP image', { logo: 'The logo must be a PNG, JPEG or WebP image' }));
    return;
  }
  parseImage(req, res, (error?: unknown) => {
    if (!error) return next();
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    const message = tooLarge ? 'The logo is too large: upload an image of at most 1 MB' : 'The logo could not be read';
    next(new DomainError(ErrorCode.Validation, message, { logo: message }));
  });
}
