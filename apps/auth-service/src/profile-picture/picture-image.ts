import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { DomainError, ErrorCode, PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_SIZE } from '@qrd/contracts';

/** What sharp may decode: the formats a browser uploads as a photo or an avatar. */
const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
/** A decompression bomb (a tiny file of a huge canvas) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;
export const NOT_AN_IMAGE = 'The picture must be a PNG, JPEG, WebP or GIF image';
export const TOO_LARGE = 'The picture is too large: upload an image of at most 5 MB';

function refuse(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { picture: message });
}

/**
 * The uploaded bytes, judged by their content (sharp reads the magic bytes and the header; the
 * file name and Content-Type are never trusted), as a 256 x 256 WebP with no metadata: EXIF,
 * GPS position and colour profiles are dropped by the re-encode.
 */
export async function normalisePicture(upload: Buffer): Promise<{ image: Buffer; contentType: string; etag: string }> {
  if (upload.length === 0) throw refuse('The picture file is empty');
  if (upload.length > PROFILE_PICTURE_MAX_BYTES) throw new DomainError(ErrorCode.TooLarge, TOO_LARGE, { picture: TOO_LARGE });
  let format: string | undefined;
  let pixels = 0;
  try {
    const meta = await sharp(upload, { limitInputPixels: false }).metadata();
    format = meta.format;
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw refuse(NOT_AN_IMAGE);
  }
  if (!format || !FORMATS.has(format)) throw refuse(NOT_AN_IMAGE);
  if (pixels === 0) throw refuse(NOT_AN_IMAGE);
  if (pixels > MAX_INPUT_PIXELS) throw refuse('The picture has too many pixels: upload one of at most 40 megapixels');
  let image: Buffer;
  try {
    image = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw refuse('The picture could not be read: it may be damaged');
  }
  const etag = `"${createHash('sha256').update(image).digest('base64url').slice(0, 27)}"`;
  return { image, contentType: 'image/webp', etag };
}
