import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  CONTENT_FILE_MAX_BYTES,
  CONTENT_FILE_TYPES,
  CONTENT_IMAGE_TYPES,
  CONTENT_MESSAGES,
  ContentFileView,
  ContentUploadPurpose,
  DomainError,
  ErrorCode,
} from '@qrd/contracts';
import { ContentFilesRepository } from './content-files.repository';
import { ContentStorage } from './content-storage';
import { safeFileName } from './file-names';

/** Photos and avatars are shown small: stored at most this many pixels on a side. */
const IMAGE_MAX_PX = 1024;
/** An image shared as the file itself keeps more detail. */
const FILE_IMAGE_MAX_PX = 4096;
/** Decompression bombs: a small file claiming a huge canvas is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

function refused(message: string): DomainError {
  return new DomainError(ErrorCode.Validation, message, { file: message });
}

/**
 * Uploads of content codes: recognised by their bytes (file-type), never by their name or the
 * type the browser claims; images decoded and encoded again (sharp), which drops anything riding
 * along (metadata, a script after the image data); PDFs kept as sent.
 */
@Injectable()
export class ContentFilesService {
  constructor(
    private readonly files: ContentFilesRepository,
    private readonly storage: ContentStorage,
  ) {}

  async upload(ownerId: string, body: Buffer, name: string, purpose: ContentUploadPurpose): Promise<ContentFileView> {
    if (body.length === 0) throw refused(CONTENT_MESSAGES.fileEmpty);
    if (body.length > CONTENT_FILE_MAX_BYTES) throw new DomainError(ErrorCode.TooLarge, CONTENT_MESSAGES.fileTooLarge, { file: CONTENT_MESSAGES.fileTooLarge });
    const { fileTypeFromBuffer } = await import('file-type/core');
    const detected = await fileTypeFromBuffer(body);
    const allowed: readonly string[] = purpose === 'image' ? CONTENT_IMAGE_TYPES : CONTENT_FILE_TYPES;
    if (!detected || !allowed.includes(detected.mime)) {
      const message = purpose === 'image' ? CONTENT_MESSAGES.imageType : CONTENT_MESSAGES.fileType;
      throw refused(detected ? `${message}; this file is ${detected.ext.toUpperCase()}` : message);
    }
    const stored = detected.mime === 'application/pdf' ? { data: body, contentType: detected.mime } : await reencode(body, detected.mime, purpose);
    const id = randomUUID();
    await this.storage.put(id, stored.data, stored.contentType);
    try {
      const record = await this.files.insert({
        id,
        ownerId,
        storageKey: id,
        fileName: safeFileName(name, EXTENSIONS[stored.contentType]),
        contentType: stored.contentType,
        sizeBytes: stored.data.length,
      });
      return { id: record.id, fileName: record.fileName, contentType: record.contentType, sizeBytes: record.sizeBytes };
    } catch (error) {
      await this.storage.remove(id).catch(() => undefined);
      throw error;
    }
  }
}

/** PNG and GIF become PNG, JPEG stays JPEG, WebP stays WebP; turned upright by their EXIF orientation, which then goes. */
async function reencode(body: Buffer, mime: string, purpose: ContentUploadPurpose): Promise<{ data: Buffer; contentType: string }> {
  const max = purpose === 'image' ? IMAGE_MAX_PX : FILE_IMAGE_MAX_PX;
  try {
    const image = sharp(body, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width: max, height: max, fit: 'inside', withoutEnlargement: true });
    if (mime === 'image/jpeg') return { data: await image.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg' };
    if (mime === 'image/webp') return { data: await image.webp({ quality: 85 }).toBuffer(), contentType: 'image/webp' };
    return { data: await image.png().toBuffer(), contentType: 'image/png' };
  } catch {
    throw refused('The image could not be read: it may be damaged or too large');
  }
}
