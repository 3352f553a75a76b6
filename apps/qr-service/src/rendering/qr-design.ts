import {
  frameTextProblem,
  gradientProblem,
  QR_DESIGN_MESSAGES,
  QR_DOT_STYLES,
  QR_EYE_STYLES,
  QR_FRAME_MIN_MARGIN,
  QR_FRAME_STYLES,
  QR_ERROR_CORRECTION_LEVELS,
  QR_MAX_MARGIN,
  QR_MIN_MARGIN,
  QrDotStyle,
  QrErrorCorrection,
  QrEyeStyle,
  QrFrameStyle,
  QrGradient,
} from '@qrd/contracts';
import { checkStoredLogo, QrLogo } from './logo';

/** How a code looks. Plain JSON: stored per code in the database and sent to the web app as is. */
export interface QrDesign {
  /** `#rrggbb`, lower case once validated. */
  foreground: string;
  background: string;
  errorCorrection: QrErrorCorrection;
  /** Quiet zone around the symbol, in modules. */
  margin: number;
  dotStyle: QrDotStyle;
  /** Null: the finder eyes follow the dot style (as before eye styles existed). */
  eyeStyle: QrEyeStyle | null;
  /** Null: the eyes are drawn like the other dark modules. */
  eyeColour: string | null;
  /** Null: a solid foreground; otherwise from `foreground` to `gradient.to`. */
  gradient: QrGradient | null;
  /** No background is drawn; the colours are judged against white. */
  transparent: boolean;
  frame: QrFrameStyle;
  /** The call to action of a frame (kept when the frame is 'none', so switching back restores it). */
  frameText: string;
  logo: QrLogo | null;
}

/** WCAG AA for normal text; below it phone cameras in poor light start to miss modules. */
export const MIN_CONTRAST_RATIO = 4.5;

export const DEFAULT_DESIGN: Readonly<QrDesign> = Object.freeze({
  foreground: '#000000',
  background: '#ffffff',
  errorCorrection: 'M',
  margin: 4,
  dotStyle: 'square',
  eyeStyle: null,
  eyeColour: null,
  gradient: null,
  transparent: false,
  frame: 'none',
  frameText: 'Scan me',
  logo: null,
});

/** What a transparent code is judged against: it is expected on a light surface. */
export const TRANSPARENT_JUDGED_AGAINST = '#ffffff';

const DESIGN_KEYS: ReadonlySet<string> = new Set(Object.keys(DEFAULT_DESIGN));
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** WCAG 2 relative luminance of a `#rrggbb` colour (0 = black, 1 = white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio between two `#rrggbb` colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/** A logo hides part of the symbol, so only the highest level (30% recovery) is safe with one. */
export function effectiveErrorCorrection(design: QrDesign): QrErrorCorrection {
  return design.logo ? 'H' : design.errorCorrection;
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

/**
 * `what` names the dark colour ("foreground", "gradient's second", "eye"); `against` the light one,
 * "background" or, for a transparent code, "white" (what it is judged against).
 */
function colourProblems(foreground: string, background: string, what = 'foreground', against = 'background'): string[] {
  const problems: string[] = [];
  const What = what[0].toUpperCase() + what.slice(1);
  if (relativeLuminance(foreground) > relativeLuminance(background)) {
    problems.push(
      `The ${what} colour must be darker than the ${against}: many scanners cannot read light codes on a dark background`,
    );
  }
  const ratio = contrastRatio(foreground, background);
  if (ratio < MIN_CONTRAST_RATIO) {
    // Rounded down so a refused pair never displays as "4.5:1".
    const shown = (Math.floor(ratio * 10) / 10).toFixed(1);
    problems.push(
      what === 'foreground' && against === 'background'
        ? `Foreground and background colours are too similar to scan reliably (contrast ${shown}:1, at least ${MIN_CONTRAST_RATIO}:1 needed)`
        : `${What} colour and ${against} are too similar to scan reliably (contrast ${shown}:1, at least ${MIN_CONTRAST_RATIO}:1 needed)`,
    );
  }
  return problems;
}

/**
 * Check a design from a request or the database. Missing settings take their default, so `{}`
 * is the default design; unknown settings are refused so nothing unexpected is stored. Every
 * problem is reported at once, in words a person can act on.
 */
export function validateDesign(input: unknown): { design: QrDesign } | { errors: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { errors: ['The design must be an object with colours, error correction, margin, dot style, eyes, frame and logo'] };
  }
  const raw = input as Record<string, unknown>;
  const errors: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!DESIGN_KEYS.has(key)) errors.push(`Unknown design setting "${key}"`);
  }
  const pick = <K extends keyof QrDesign>(key: K): unknown => (raw[key] === undefined ? DEFAULT_DESIGN[key] : raw[key]);

  const foreground = pick('foreground');
  const background = pick('background');
  const foregroundOk = typeof foreground === 'string' && HEX_COLOUR.test(foreground);
  const backgroundOk = typeof background === 'string' && HEX_COLOUR.test(background);
  if (!foregroundOk) errors.push('The foreground colour must be a hex colour like #1a2b3c');
  if (!backgroundOk) errors.push('The background colour must be a hex colour like #ffffff');

  const transparent = pick('transparent');
  if (typeof transparent !== 'boolean') errors.push(QR_DESIGN_MESSAGES.transparent);
  // A transparent code shows whatever it is placed on: judged against white, as on paper.
  const light = transparent === true ? TRANSPARENT_JUDGED_AGAINST : String(background);
  const against = transparent === true ? 'white (a transparent code is judged against white)' : 'background';
  if (foregroundOk && backgroundOk) errors.push(...colourProblems(String(foreground), light, 'foreground', against));

  const gradient = raw.gradient ?? null;
  const gradientIssue = gradient === null ? null : gradientProblem(gradient);
  if (gradientIssue) errors.push(gradientIssue);
  else if (gradient !== null && backgroundOk) {
    errors.push(...colourProblems((gradient as QrGradient).to, light, "gradient's second", against));
  }

  const eyeStyle = raw.eyeStyle ?? null;
  if (eyeStyle !== null && !isOneOf(QR_EYE_STYLES, eyeStyle)) errors.push(QR_DESIGN_MESSAGES.eyeStyle);
  const eyeColour = raw.eyeColour ?? null;
  const eyeColourOk = eyeColour === null || (typeof eyeColour === 'string' && HEX_COLOUR.test(eyeColour));
  if (!eyeColourOk) errors.push(QR_DESIGN_MESSAGES.eyeColour);
  else if (typeof eyeColour === 'string' && backgroundOk) errors.push(...colourProblems(eyeColour, light, 'eye', against));

  const frame = pick('frame');
  if (!isOneOf(QR_FRAME_STYLES, frame)) errors.push(QR_DESIGN_MESSAGES.frame);
  const frameText = pick('frameText');
  const frameTextIssue = frameTextProblem(frameText);
  if (frameTextIssue) errors.push(frameTextIssue);

  const errorCorrection = pick('errorCorrection');
  if (!isOneOf(QR_ERROR_CORRECTION_LEVELS, errorCorrection)) {
    errors.push('Error correction must be L, M, Q or H');
  }
  const margin = pick('margin');
  const marginOk = typeof margin === 'number' && Number.isInteger(margin) && margin >= QR_MIN_MARGIN && margin <= QR_MAX_MARGIN;
  if (!marginOk) errors.push(`The margin must be a whole number of modules from ${QR_MIN_MARGIN} to ${QR_MAX_MARGIN}`);
  else if (frame !== 'none' && isOneOf(QR_FRAME_STYLES, frame) && margin < QR_FRAME_MIN_MARGIN) errors.push(QR_DESIGN_MESSAGES.frameMargin);
  const dotStyle = pick('dotStyle');
  if (!isOneOf(QR_DOT_STYLES, dotStyle)) errors.push('The dot style must be square, rounded or dots');

  const logo = raw.logo ?? null;
  const logoProblem = logo === null ? null : checkStoredLogo(logo);
  if (logoProblem) errors.push(logoProblem);

  if (errors.length > 0 || !foregroundOk || !backgroundOk || !marginOk) return { errors };
  if (!isOneOf(QR_ERROR_CORRECTION_LEVELS, errorCorrection) || !isOneOf(QR_DOT_STYLES, dotStyle)) return { errors };
  if (!isOneOf(QR_FRAME_STYLES, frame) || typeof frameText !== 'string' || typeof transparent !== 'boolean') return { errors };
  const stops = gradient as QrGradient | null;
  return {
    design: {
      foreground: foreground.toLowerCase(),
      background: background.toLowerCase(),
      errorCorrection,
      margin,
      dotStyle,
      eyeStyle: eyeStyle as QrEyeStyle | null,
      eyeColour: typeof eyeColour === 'string' ? eyeColour.toLowerCase() : null,
      gradient: stops ? { to: stops.to.toLowerCase(), angle: stops.angle } : null,
      transparent,
      frame,
      frameText: frameText.trim(),
      logo: logo === null ? null : { mime: 'image/png', dataBase64: (logo as QrLogo).dataBase64 },
    },
  };
}
