import sharp, { Sharp } from 'sharp';
import { QR_LOGO_MAX_BYTES } from '@qrd/contracts';
import { checkStoredLogo, normalizeLogo, readPngSize } from './logo';
import { QrRenderingErrorCode } from './qr-rendering.error';

function image(width: number, height: number): Sharp {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 90, alpha: 0.5 } } });
}

describe(normalizeLogo.name, () => {
  it.each([
    ['PNG', () => image(300, 300).png().toBuffer()],
    ['JPEG', () => image(300, 300).jpeg().toBuffer()],
    ['WebP', () => image(300, 300).webp().toBuffer()],
  ])('turns a %s into a PNG of at most 256 x 256', async (_, make) => {
    const sut = await normalizeLogo(await make());

    expect(sut.mime).toBe('image/png');
    expect(readPngSize(Buffer.from(sut.dataBase64, 'base64'))).toEqual({ width: 256, height: 256 });
  });

  it('keeps the aspect ratio and never enlarges', async () => {
    const wide = await normalizeLogo(await image(1000, 250).png().toBuffer());
    const small = await normalizeLogo(await image(40, 30).png().toBuffer());

    expect(readPngSize(Buffer.from(wide.dataBase64, 'base64'))).toEqual({ width: 256, height: 64 });
    expect(readPngSize(Buffer.from(small.dataBase64, 'base64'))).toEqual({ width: 40, height: 30 });
  });

  it('keeps transparency', async () => {
    const sut = await normalizeLogo(await image(64, 64).png().toBuffer());

    const { hasAlpha } = await sharp(Buffer.from(sut.dataBase64, 'base64')).metadata();
    expect(hasAlpha).toBe(true);
  });

  it('gives the same bytes for the same upload', async () => {
    const upload = await image(500, 400).jpeg().toBuffer();

    expect(await normalizeLogo(upload)).toEqual(await normalizeLogo(upload));
  });

  it('refuses files over 1 MB', async () => {
    const huge = Buffer.concat([await image(10, 10).png().toBuffer(), Buffer.alloc(QR_LOGO_MAX_BYTES)]);

    await expect(normalizeLogo(huge)).rejects.toMatchObject({
      code: QrRenderingErrorCode.InvalidLogo,
      message: 'The logo is too large: upload an image of at most 1 MB',
    });
  });

  it.each([
    ['text', async () => Buffer.from('definitely not an image')],
    ['a GIF', () => image(20, 20).gif().toBuffer()],
    ['an SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
  ])('refuses %s', async (_, make) => {
    await expect(normalizeLogo(await make())).rejects.toMatchObject({
      code: QrRenderingErrorCode.InvalidLogo,
      message: 'The logo must be a PNG, JPEG or WebP image',
    });
  });

  it('refuses a damaged image', async () => {
    const png = await image(50, 50).png().toBuffer();

    await expect(normalizeLogo(png.subarray(0, 60))).rejects.toMatchObject({
      message: 'The logo image could not be read; the file may be damaged',
    });
  });

  it('refuses an empty file', async () => {
    await expect(normalizeLogo(Buffer.alloc(0))).rejects.toMatchObject({ message: 'The logo file is empty' });
  });
});

describe(checkStoredLogo.name, () => {
  it('accepts what normalizeLogo produced', async () => {
    expect(checkStoredLogo(await normalizeLogo(await image(80, 80).png().toBuffer()))).toBeNull();
  });

  it('refuses a PNG larger than 256 x 256 that skipped normalisation', async () => {
    const big = await image(300, 10).png().toBuffer();

    expect(checkStoredLogo({ mime: 'image/png', dataBase64: big.toString('base64') })).toBe(
      'The logo must be at most 256x256 pixels: upload the logo again',
    );
  });

  it('refuses extra properties', () => {
    expect(checkStoredLogo({ mime: 'image/png', dataBase64: '', url: 'http://x' })).toBe(
      'The logo must be a converted PNG: upload the logo again',
    );
  });
});
