import sharp from 'sharp';
import { normalizeLogo } from './logo';
import { contrastRatio, DEFAULT_DESIGN, effectiveErrorCorrection, QrDesign, validateDesign } from './qr-design';

const TOO_SIMILAR = 'Foreground and background colours are too similar to scan reliably';
const INVERTED = 'The foreground colour must be darker than the background: many scanners cannot read light codes on a dark background';

function errorsOf(input: unknown): string[] {
  const result = validateDesign(input);
  return 'errors' in result ? result.errors : [];
}

describe(validateDesign.name, () => {
  it('accepts the default design unchanged', () => {
    expect(validateDesign(DEFAULT_DESIGN)).toEqual({ design: DEFAULT_DESIGN });
  });

  it('fills missing settings with the defaults', () => {
    expect(validateDesign({})).toEqual({ design: DEFAULT_DESIGN });
    expect(validateDesign({ dotStyle: 'dots', margin: 0 })).toEqual({
      design: { ...DEFAULT_DESIGN, dotStyle: 'dots', margin: 0 },
    });
  });

  it.each([
    ['dark blue on light yellow', '#1a237e', '#fff9c4'],
    ['dark green on white', '#1b5e20', '#ffffff'],
    ['black on pale grey', '#000000', '#cccccc'],
    ['a pair just above 4.5:1', '#767676', '#ffffff'],
  ])('accepts %s', (_, foreground, background) => {
    const input: QrDesign = { ...DEFAULT_DESIGN, foreground, background, errorCorrection: 'Q', margin: 2, dotStyle: 'rounded' };

    expect(validateDesign(input)).toEqual({ design: input });
  });

  it('stores colours in lower case', () => {
    expect(validateDesign({ foreground: '#1A237E', background: '#FFF9C4' })).toEqual({
      design: { ...DEFAULT_DESIGN, foreground: '#1a237e', background: '#fff9c4' },
    });
  });

  it.each([
    ['mid grey on grey', '#777777', '#999999'],
    ['yellow on white', '#ffff00', '#ffffff'],
    ['a pair just below 4.5:1', '#777777', '#ffffff'],
    ['the same colour twice', '#3366cc', '#3366cc'],
  ])('refuses %s as too similar', (_, foreground, background) => {
    const errors = errorsOf({ foreground, background });

    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(TOO_SIMILAR);
    expect(errors[0]).toMatch(/\(contrast \d+\.\d:1, at least 4\.5:1 needed\)$/);
  });

  it('never shows a refused contrast as 4.5:1', () => {
    expect(errorsOf({ foreground: '#777777', background: '#ffffff' })).toEqual([
      `${TOO_SIMILAR} (contrast 4.4:1, at least 4.5:1 needed)`,
    ]);
  });

  it('refuses light codes on a dark background even with plenty of contrast', () => {
    expect(errorsOf({ foreground: '#ffffff', background: '#000000' })).toEqual([INVERTED]);
    expect(errorsOf({ foreground: '#fff9c4', background: '#1a237e' })).toEqual([INVERTED]);
  });

  it('reports both problems of an inverted, low-contrast pair', () => {
    const errors = errorsOf({ foreground: '#999999', background: '#777777' });

    expect(errors).toEqual([INVERTED, expect.stringContaining(TOO_SIMILAR)]);
  });

  it.each(['#fff', 'black', '#12345', '#1234567', '#gggggg', '000000', 0, null])('refuses the colour %p', (colour) => {
    expect(errorsOf({ foreground: colour })).toEqual(['The foreground colour must be a hex colour like #1a2b3c']);
    expect(errorsOf({ background: colour })).toEqual(['The background colour must be a hex colour like #ffffff']);
  });

  it.each([-1, 11, 2.5, '4', Number.NaN])('refuses the margin %p', (margin) => {
    expect(errorsOf({ margin })).toEqual(['The margin must be a whole number of modules from 0 to 10']);
  });

  it.each([0, 10])('accepts the margin %p', (margin) => {
    expect(validateDesign({ margin })).toEqual({ design: { ...DEFAULT_DESIGN, margin } });
  });

  it.each(['X', 'm', 'HIGH', 1])('refuses the error correction level %p', (errorCorrection) => {
    expect(errorsOf({ errorCorrection })).toEqual(['Error correction must be L, M, Q or H']);
  });

  it.each(['star', 'Square', ''])('refuses the dot style %p', (dotStyle) => {
    expect(errorsOf({ dotStyle })).toEqual(['The dot style must be square, rounded or dots']);
  });

  it('refuses unknown settings and non-objects', () => {
    expect(errorsOf({ colour: '#000000' })).toEqual(['Unknown design setting "colour"']);
    for (const input of [null, 'square', 42, []]) {
      expect(errorsOf(input)).toEqual([
        'The design must be an object with colours, error correction, margin, dot style, eyes, frame and logo',
      ]);
    }
  });

  it('reports every problem at once', () => {
    expect(errorsOf({ foreground: 'red', margin: 99, dotStyle: 'star', errorCorrection: 'Z' })).toHaveLength(4);
  });

  it('accepts a logo produced by normalizeLogo and keeps the stored error correction level', async () => {
    const logo = await normalizeLogo(await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ff0000' } }).png().toBuffer());

    const result = validateDesign({ logo, errorCorrection: 'L' });

    expect(result).toEqual({ design: { ...DEFAULT_DESIGN, logo, errorCorrection: 'L' } });
    if ('design' in result) expect(effectiveErrorCorrection(result.design)).toBe('H');
  });

  it.each([
    ['not an object', 'logo.png'],
    ['another type', { mime: 'image/jpeg', dataBase64: '' }],
    ['not base64', { mime: 'image/png', dataBase64: '!!!!' }],
    ['not a PNG', { mime: 'image/png', dataBase64: Buffer.from('hello world!').toString('base64') }],
  ])('refuses a logo that is %s', (_, logo) => {
    const errors = errorsOf({ logo });

    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/upload the logo again$/);
  });
});

describe(contrastRatio.name, () => {
  it('follows WCAG: 21:1 for black on white, 1:1 for equal colours, symmetric', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#336699', '#336699')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
