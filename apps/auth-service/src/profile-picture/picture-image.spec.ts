import sharp from 'sharp';
import { DomainError, ErrorCode } from '@qrd/contracts';
import { normalisePicture, NOT_AN_IMAGE } from './picture-image';

async function refusal(upload: Buffer): Promise<DomainError> {
  try {
    await normalisePicture(upload);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('the upload was accepted');
}

describe(normalisePicture.name, () => {
  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('turns a %s of any shape into a 256 px square WebP', async (format) => {
    const input = await sharp({ create: { width: 640, height: 200, channels: 3, background: '#c0ffee' } })
      .toFormat(format)
      .toBuffer();
    const sut = await normalisePicture(input);
    expect(await sharp(sut.image).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(sut.contentType).toBe('image/webp');
    expect(sut.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  it('drops EXIF metadata and gives the same picture the same ETag', async () => {
    const input = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'someone-private' } } })
      .toBuffer();
    const first = await normalisePicture(input);
    expect((await sharp(first.image).metadata()).exif).toBeUndefined();
    expect((await normalisePicture(input)).etag).toBe(first.etag);
  });

  it('refuses what is not an image whatever it claims, an empty file and one over 5 MB', async () => {
    for (const bytes of [Buffer.from('GIF89a but not really'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('%PDF-1.7')]) {
      const error = await refusal(bytes);
      expect(error).toMatchObject({ code: ErrorCode.Validation, message: NOT_AN_IMAGE, fields: { picture: NOT_AN_IMAGE } });
    }
    expect(await refusal(Buffer.alloc(0))).toMatchObject({ code: ErrorCode.Validation, message: 'The picture file is empty' });
    expect(await refusal(Buffer.alloc(5 * 1024 * 1024 + 1))).toMatchObject({ code: ErrorCode.TooLarge });
  });
});
