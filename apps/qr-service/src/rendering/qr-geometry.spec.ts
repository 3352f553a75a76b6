import QRCode from 'qrcode';
import sharp from 'sharp';
import { QR_DOT_STYLES } from '@qrd/contracts';
import { normalizeLogo } from './logo';
import { DEFAULT_DESIGN, QrDesign } from './qr-design';
import { buildQrGeometry } from './qr-geometry';
import { createWithSafeMask } from './mask-choice';

const URL = 'http://localhost:8080/r/Ab3dE7x';

async function logoDesign(width: number, height: number): Promise<QrDesign> {
  const image = await sharp({ create: { width, height, channels: 3, background: '#d81b60' } }).png().toBuffer();
  return { ...DEFAULT_DESIGN, logo: await normalizeLogo(image) };
}

/** The module cells ("x,y") covered by a square-style path's runs. */
function darkCells(path: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+Z/g)) {
    for (let i = 0; i < Number(length); i++) cells.add(`${Number(x) + i},${y}`);
  }
  return cells;
}

describe(buildQrGeometry.name, () => {
  it('uses the design error correction without a logo', () => {
    const sut = buildQrGeometry(URL, { ...DEFAULT_DESIGN, errorCorrection: 'L' });

    expect(sut.errorCorrection).toBe('L');
    expect(sut.moduleCount).toBe(QRCode.create(URL, { errorCorrectionLevel: 'L' }).modules.size);
  });

  it('forces error correction H when there is a logo, whatever the stored level', async () => {
    const sut = buildQrGeometry(URL, { ...(await logoDesign(64, 64)), errorCorrection: 'L' });

    expect(sut.errorCorrection).toBe('H');
    expect(sut.moduleCount).toBe(QRCode.create(URL, { errorCorrectionLevel: 'H' }).modules.size);
  });

  it('adds the quiet zone around the symbol', () => {
    const sut = buildQrGeometry(URL, { ...DEFAULT_DESIGN, margin: 7 });

    expect(sut.extent).toBe(sut.moduleCount + 14);
  });

  it('draws square modules as one rectangle per horizontal run', () => {
    const sut = buildQrGeometry(URL, DEFAULT_DESIGN);

    // The top-left finder's first row is a run of 7 dark modules starting at the margin.
    expect(sut.darkPath.startsWith('M4 4h7v1h-7Z')).toBe(true);
    expect(sut.darkPath).not.toMatch(/[Aa]/);
  });

  it.each(QR_DOT_STYLES.filter((style) => style !== 'square'))(
    'draws the three finder patterns of %s codes as solid rounded squares with a hole',
    (dotStyle) => {
      const sut = buildQrGeometry(URL, { ...DEFAULT_DESIGN, dotStyle });
      const far = sut.moduleCount - 7 + 4;

      for (const [x, y] of [
        [4, 4],
        [far, 4],
        [4, far],
      ]) {
        // Outer 7x7 square clockwise (sweep 1), its 5x5 hole counter-clockwise (sweep 0).
        expect(sut.darkPath).toMatch(new RegExp(`M${x + (dotStyle === 'dots' ? 2.5 : 2)} ${y}H[^M]*A[^M]* 0 0 1 `));
        expect(sut.darkPath).toMatch(new RegExp(`M${x + 1 + (dotStyle === 'dots' ? 1.5 : 1)} ${y + 1}A[^M]* 0 0 0 `));
      }
    },
  );

  it('draws each dot as one circle and nothing else as loose dots', () => {
    const sut = buildQrGeometry(URL, { ...DEFAULT_DESIGN, dotStyle: 'dots' });
    const dark = createWithSafeMask(URL, 'M').modules.data.filter((bit) => bit === 1).length;

    const dots = sut.darkPath.match(/a0\.45 /g) ?? [];
    // Two half-arcs per dot; finder (3 x 33 dark modules) and alignment (17 each) modules are not
    // dots. Versions 2-6 have one alignment pattern.
    expect(sut.version).toBeGreaterThanOrEqual(2);
    expect(sut.version).toBeLessThan(7);
    expect(dots.length / 2).toBe(dark - 3 * 33 - 17);
  });

  it('keeps the logo within 20% of the symbol width, centred, with its aspect ratio', async () => {
    const sut = buildQrGeometry(URL, await logoDesign(400, 200));

    const rect = sut.logo?.rect;
    expect(rect).toBeDefined();
    if (!rect) return;
    expect(rect.width).toBeLessThanOrEqual(sut.moduleCount * 0.2);
    expect(rect.width).toBeGreaterThanOrEqual(sut.moduleCount * 0.15);
    expect(rect.width / rect.height).toBeCloseTo(2, 5);
    expect(rect.x + rect.width / 2).toBeCloseTo(sut.extent / 2, 5);
    expect(rect.y + rect.height / 2).toBeCloseTo(sut.extent / 2, 5);
  });

  it('clears exactly the modules under the logo pad (7 x 7 for a 33-module symbol)', async () => {
    const design = await logoDesign(64, 64);
    const withLogo = buildQrGeometry(URL, design);
    const without = buildQrGeometry(URL, { ...design, logo: null, errorCorrection: 'H' });
    const underPad = (cell: string): boolean => {
      const [x, y] = cell.split(',').map((v) => Number(v) - 4);
      return x >= 13 && x < 20 && y >= 13 && y < 20;
    };

    expect(withLogo.moduleCount).toBe(33);
    const expected = [...darkCells(without.darkPath)].filter((cell) => !underPad(cell));
    expect([...darkCells(withLogo.darkPath)].sort()).toEqual(expected.sort());
    expect(expected.length).toBeLessThan(darkCells(without.darkPath).size);
  });
});
