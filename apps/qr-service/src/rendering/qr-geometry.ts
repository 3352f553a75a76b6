import { readPngSize } from './logo';
import { createWithSafeMask } from './mask-choice';
import type { QrErrorCorrection } from '@qrd/contracts';
import { effectiveErrorCorrection, QrDesign } from './qr-design';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Everything needed to draw a code, in module units with the quiet zone included. The SVG and
 * the PDF are both drawn from this, so the two vector formats can never disagree.
 */
export interface QrGeometry {
  /** Side of the code in modules (symbol + 2 x margin). */
  extent: number;
  /** The whole picture in modules, frame included: the viewBox / PDF scale unit (width = extent without a frame). */
  width: number;
  height: number;
  /** Side of the symbol itself in modules (21 for version 1 ... 177 for version 40). */
  moduleCount: number;
  version: number;
  errorCorrection: QrErrorCorrection;
  foreground: string;
  /** Null when the background is transparent: nothing is drawn behind the code. */
  background: string | null;
  /** SVG path data for every dark shape, filled with the non-zero rule. */
  darkPath: string;
  /** The finder eyes when they have their own colour (else they are part of darkPath). */
  eyes: { path: string; colour: string } | null;
  /** The dark shapes' linear gradient, in picture units, from `foreground` to `to`. */
  gradient: { x1: number; y1: number; x2: number; y2: number; to: string } | null;
  /** A frame: its shape (in the foreground colour, no gradient) and its call-to-action text. */
  frame: QrFrameGeometry | null;
  /** Where the logo goes (already letterboxed to its aspect ratio), or null without a logo. */
  logo: { rect: Rect; png: Buffer; dataBase64: string } | null;
}

export interface QrFrameGeometry {
  /** Empty for a label (text only). */
  path: string;
  colour: string;
  text: string;
  textColour: string;
  /** Centre of the text's line, and its baseline. */
  textX: number;
  baseline: number;
  fontSize: number;
}

/** Bold sans text, as drawn by every output (Helvetica-Bold in the PDF, the first of the SVG's fonts elsewhere). */
export const FRAME_FONT_FAMILY = 'Helvetica, Arial, DejaVu Sans, sans-serif';
/** A generous average advance of bold sans capitals and lower case, in em: text never runs past its band. */
const FRAME_CHAR_WIDTH_EM = 0.66;
/** The frame's border, in modules. */
const FRAME_BORDER = 1;

/** Share of the symbol's width the logo may take; 20% of the side hides ~4-5% of its area. */
const LOGO_MAX_WIDTH_SHARE = 0.2;
/** Room between the logo and the modules around its pad, in modules. */
const LOGO_INSET = 0.5;
/** Leaves a hairline between dots so they read as dots, yet keeps them as dark as possible. */
const DOT_RADIUS = 0.45;
const FINDER_SIZE = 7;
const ALIGNMENT_SIZE = 5;
/** Corner radii of patterns drawn as whole shapes: rounder with dots, to match them. */
const FINDER_RADII = { rounded: { outer: 2, centre: 0.75 }, dots: { outer: 2.5, centre: 1 } } as const;
const ALIGNMENT_RADII = { outer: 1.5, centre: 0.5 } as const;

type Corners = [topLeft: number, topRight: number, bottomRight: number, bottomLeft: number];

/** Short, stable number text: at most 3 decimals, no "-0", no trailing zeros. */
function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function arc(r: number, clockwise: boolean, x: number, y: number): string {
  return r > 0 ? `A${num(r)} ${num(r)} 0 0 ${clockwise ? 1 : 0} ${num(x)} ${num(y)}` : '';
}

/**
 * A rectangle with its own radius per corner. Holes are drawn counter-clockwise so that, with the
 * non-zero rule, they cut out of the shape they sit in (a finder's ring) in SVG and PDF alike.
 */
function roundedRect(x: number, y: number, w: number, h: number, [tl, tr, br, bl]: Corners, clockwise = true): string {
  const right = x + w;
  const bottom = y + h;
  if (clockwise) {
    return (
      `M${num(x + tl)} ${num(y)}H${num(right - tr)}${arc(tr, true, right, y + tr)}` +
      `V${num(bottom - br)}${arc(br, true, right - br, bottom)}` +
      `H${num(x + bl)}${arc(bl, true, x, bottom - bl)}` +
      `V${num(y + tl)}${arc(tl, true, x + tl, y)}Z`
    );
  }
  return (
    `M${num(x + tl)} ${num(y)}${arc(tl, false, x, y + tl)}V${num(bottom - bl)}${arc(bl, false, x + bl, bottom)}` +
    `H${num(right - br)}${arc(br, false, right, bottom - br)}V${num(y + tr)}${arc(tr, false, right - tr, y)}Z`
  );
}

function circle(cx: number, cy: number, r: number): string {
  return `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 0 ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 0 ${num(-2 * r)} 0Z`;
}

/** A solid ring of one module's thickness with a solid centre: a finder (7) or alignment (5) pattern. */
function ringPattern(x: number, y: number, side: number, outerRadius: number, centreRadius: number): string {
  const inner = outerRadius > 1 ? outerRadius - 1 : 0;
  const all = (r: number): Corners => [r, r, r, r];
  const centre = side - 4;
  return (
    roundedRect(x, y, side, side, all(outerRadius)) +
    roundedRect(x + 1, y + 1, side - 2, side - 2, all(inner), false) +
    roundedRect(x + 2, y + 2, centre, centre, all(Math.min(centreRadius, centre / 2)))
  );
}

/** Centres of the alignment patterns (ISO/IEC 18004 table E.1, as the qrcode package computes it). */
function alignmentCentres(version: number, size: number): Array<[number, number]> {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = size === 145 ? 26 : Math.ceil((size - 13) / (2 * count - 2)) * 2;
  const coords = [size - 7];
  for (let i = 1; i < count - 1; i++) coords.push(coords[i - 1] - step);
  coords.push(6);
  coords.reverse();
  const centres: Array<[number, number]> = [];
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < count; j++) {
      const onFinder = (i === 0 && j === 0) || (i === 0 && j === count - 1) || (i === count - 1 && j === 0);
      if (!onFinder) centres.push([coords[i], coords[j]]);
    }
  }
  return centres;
}

interface Area {
  row: number;
  col: number;
  side: number;
}

function inArea(area: Area, row: number, col: number): boolean {
  return row >= area.row && row < area.row + area.side && col >= area.col && col < area.col + area.side;
}

function overlaps(a: Area, b: Area): boolean {
  return a.row < b.row + b.side && b.row < a.row + a.side && a.col < b.col + b.side && b.col < a.col + a.side;
}

/**
 * The logo pad: the odd number of whole modules nearest to the logo's share, so the pad sits
 * exactly on the symbol's centre module and its edges on module boundaries.
 */
function logoPad(moduleCount: number): Area {
  const target = moduleCount * LOGO_MAX_WIDTH_SHARE;
  const side = Math.max(3, 2 * Math.round((target - 1) / 2) + 1);
  const start = (moduleCount - side) / 2;
  return { row: start, col: start, side };
}

/** The logo fitted inside its pad, keeping its aspect ratio (letterboxed, centred). */
function logoRect(pad: Area, moduleCount: number, margin: number, pngSize: { width: number; height: number }): Rect {
  // The pad may round up past the share; the logo itself never does.
  const box = Math.min(pad.side - 2 * LOGO_INSET, moduleCount * LOGO_MAX_WIDTH_SHARE);
  const scale = box / Math.max(pngSize.width, pngSize.height);
  const width = pngSize.width * scale;
  const height = pngSize.height * scale;
  return { x: margin + pad.col + (pad.side - width) / 2, y: margin + pad.row + (pad.side - height) / 2, width, height };
}

/**
 * Lay a code out: the module matrix comes from the qrcode package (encoding and error correction
 * are its job; the mask is the one of its eight that leaves no false eye, see mask-choice.ts);
 * the shapes are ours. Finder patterns are always drawn as solid
 * (rounded) squares, never loose dots, because they are what a scanner locks onto first.
 */
export function buildQrGeometry(text: string, design: QrDesign): QrGeometry {
  const errorCorrection = effectiveErrorCorrection(design);
  // The logo's pad hides its modules: a false eye is judged on what is really drawn.
  const padOf = (size: number): Area | null => (design.logo ? logoPad(size) : null);
  const qr = createWithSafeMask(text, errorCorrection, (size) => {
    const covered = padOf(size);
    return (row, col) => covered !== null && inArea(covered, row, col);
  });
  const n = qr.modules.size;
  const extent = n + 2 * design.margin;
  const layout = frameLayout(design, extent);
  // The code's quiet zone starts inside the frame's border (if any).
  const m = design.margin + layout.inset;
  const style = design.dotStyle;
  const eyeShape = eyeRadii(design);

  const finders: Area[] = [
    { row: 0, col: 0, side: FINDER_SIZE },
    { row: 0, col: n - FINDER_SIZE, side: FINDER_SIZE },
    { row: n - FINDER_SIZE, col: 0, side: FINDER_SIZE },
  ];
  const logoPng = design.logo ? Buffer.from(design.logo.dataBase64, 'base64') : null;
  const logoSize = logoPng ? readPngSize(logoPng) : null;
  const pad = logoSize ? padOf(n) : null;
  // Dots would break the alignment patterns' ring into loose circles; draw them as rings too
  // (except one hidden by the logo: from version 7 on, one sits in the very centre).
  const alignments: Area[] =
    style === 'dots'
      ? alignmentCentres(qr.version, n)
          .map(([row, col]) => ({ row: row - 2, col: col - 2, side: ALIGNMENT_SIZE }))
          .filter((area) => !(pad && overlaps(area, pad)))
      : [];
  // Square finders of the foreground are just modules; any other eye is drawn as a whole shape.
  const patterns = eyeShape === null ? alignments : [...finders, ...alignments];

  const drawn = (row: number, col: number): boolean =>
    row >= 0 &&
    col >= 0 &&
    row < n &&
    col < n &&
    qr.modules.get(row, col) === 1 &&
    !(pad && inArea(pad, row, col)) &&
    !patterns.some((area) => inArea(area, row, col));

  const parts: string[] = [];
  for (let row = 0; row < n; row++) {
    let col = 0;
    while (col < n) {
      if (!drawn(row, col)) {
        col++;
        continue;
      }
      if (style === 'dots') {
        parts.push(circle(m + col + 0.5, m + row + 0.5, DOT_RADIUS));
        col++;
        continue;
      }
      // One shape per horizontal run keeps the path short; runs touch but never overlap.
      const start = col;
      while (col < n && drawn(row, col)) col++;
      const length = col - start;
      if (style === 'square') {
        parts.push(`M${m + start} ${m + row}h${length}v1h-${length}Z`);
        continue;
      }
      // Rounded: round a run's corner only where nothing dark continues above/below it, so
      // neighbouring modules melt into one blob and lone modules become circles.
      const r = 0.5;
      const end = col - 1;
      parts.push(
        roundedRect(m + start, m + row, length, 1, [
          drawn(row - 1, start) ? 0 : r,
          drawn(row - 1, end) ? 0 : r,
          drawn(row + 1, end) ? 0 : r,
          drawn(row + 1, start) ? 0 : r,
        ]),
      );
    }
  }
  const eyeParts: string[] = [];
  if (eyeShape !== null) {
    for (const area of finders) {
      eyeParts.push(
        eyeShape === 'circle'
          ? circleEye(m + area.col, m + area.row)
          : ringPattern(m + area.col, m + area.row, area.side, eyeShape.outer, eyeShape.centre),
      );
    }
  }
  const eyesApart = design.eyeColour !== null;
  if (!eyesApart) parts.push(...eyeParts);
  for (const area of alignments) {
    parts.push(ringPattern(m + area.col, m + area.row, area.side, ALIGNMENT_RADII.outer, ALIGNMENT_RADII.centre));
  }

  return {
    extent,
    width: layout.width,
    height: layout.height,
    moduleCount: n,
    version: qr.version,
    errorCorrection,
    foreground: design.foreground,
    background: design.transparent ? null : design.background,
    darkPath: parts.join(''),
    eyes: eyesApart && design.eyeColour ? { path: eyeParts.join(''), colour: design.eyeColour } : null,
    gradient: design.gradient ? { ...gradientLine(layout.inset, extent, design.gradient.angle), to: design.gradient.to } : null,
    frame: layout.frame,
    logo:
      logoPng && logoSize && pad && design.logo
        ? { rect: logoRect(pad, n, m, logoSize), png: logoPng, dataBase64: design.logo.dataBase64 }
        : null,
  };
}

type EyeShape = { outer: number; centre: number } | 'circle';

/** How the finder eyes are drawn; null: as plain modules (square eyes of square dots, as always). */
function eyeRadii(design: QrDesign): EyeShape | null {
  switch (design.eyeStyle) {
    case 'square':
      return design.eyeColour === null && design.dotStyle === 'square' ? null : { outer: 0, centre: 0 };
    case 'rounded':
      return FINDER_RADII.rounded;
    case 'circle':
      return 'circle';
    case null:
      if (design.dotStyle === 'square') return design.eyeColour === null ? null : { outer: 0, centre: 0 };
      return FINDER_RADII[design.dotStyle];
  }
}

/**
 * A round eye: a ring 7 modules across and 1 thick around a disc 3 across. Through its centre a
 * scanner sees the same 1:1:3:1:1 run lengths as a square finder.
 */
function circleEye(x: number, y: number): string {
  const cx = x + FINDER_SIZE / 2;
  const cy = y + FINDER_SIZE / 2;
  const ring = (r: number, clockwise: boolean): string =>
    `M${num(cx - r)} ${num(cy)}a${num(r)} ${num(r)} 0 1 ${clockwise ? 1 : 0} ${num(2 * r)} 0a${num(r)} ${num(r)} 0 1 ${clockwise ? 1 : 0} ${num(-2 * r)} 0Z`;
  return ring(3.5, true) + ring(2.5, false) + ring(1.5, true);
}

/** The gradient's line across the code, through its centre, long enough to span it at any angle. */
function gradientLine(inset: number, extent: number, angle: number): { x1: number; y1: number; x2: number; y2: number } {
  const radians = (angle * Math.PI) / 180;
  const dx = Math.cos(radians);
  const dy = Math.sin(radians);
  const half = (extent / 2) * (Math.abs(dx) + Math.abs(dy));
  const centre = inset + extent / 2;
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { x1: r(centre - dx * half), y1: r(centre - dy * half), x2: r(centre + dx * half), y2: r(centre + dy * half) };
}

/** The picture's size and where the code sits in it, with the frame's shape and text. */
function frameLayout(design: QrDesign, extent: number): { width: number; height: number; inset: number; frame: QrFrameGeometry | null } {
  if (design.frame === 'none') return { width: extent, height: extent, inset: 0, frame: null };
  // The band scales with the code, so the text reads the same at every version.
  const band = Math.max(5, Math.round(extent * 0.2));
  const text = design.frameText;
  const inset = design.frame === 'border' ? FRAME_BORDER : 0;
  const width = extent + 2 * inset;
  const height = extent + inset + band;
  const room = width - 2 * (inset + 1);
  const fontSize = Math.round(Math.min(band * 0.55, room / (Math.max(text.length, 1) * FRAME_CHAR_WIDTH_EM)) * 1000) / 1000;
  const bandTop = extent + inset;
  // Bold sans capitals stand ~0.72 em above the baseline: centre them in the band.
  const baseline = Math.round((bandTop + band / 2 + fontSize * 0.36) * 1000) / 1000;
  const dark = design.foreground;
  if (design.frame === 'label') {
    return { width, height, inset, frame: { path: '', colour: dark, text, textColour: dark, textX: width / 2, baseline, fontSize } };
  }
  // A rounded border with the band as its lower part; the code's square is cut out of it.
  const outer = roundedRect(0, 0, width, height, [1.5, 1.5, 1.5, 1.5]);
  const hole = roundedRect(inset, inset, extent, extent, [0.5, 0.5, 0.5, 0.5], false);
  const light = design.transparent ? '#ffffff' : design.background;
  return {
    width,
    height,
    inset,
    frame: { path: outer + hole, colour: dark, text, textColour: light, textX: width / 2, baseline, fontSize },
  };
}
