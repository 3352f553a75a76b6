import QRCode from 'qrcode';
import { readPngSize } from './logo';
import type { QrDotStyle, QrErrorCorrection } from '@qrd/contracts';
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
  /** Side of the whole picture in modules (symbol + 2 x margin): the viewBox / PDF scale unit. */
  extent: number;
  /** Side of the symbol itself in modules (21 for version 1 ... 177 for version 40). */
  moduleCount: number;
  version: number;
  errorCorrection: QrErrorCorrection;
  foreground: string;
  background: string;
  /** SVG path data for every dark shape, filled with the non-zero rule. */
  darkPath: string;
  /** Where the logo goes (already letterboxed to its aspect ratio), or null without a logo. */
  logo: { rect: Rect; png: Buffer; dataBase64: string } | null;
}

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
 * Lay a code out: the module matrix comes from the qrcode package (encoding, masking and error
 * correction are its job); the shapes are ours. Finder patterns are always drawn as solid
 * (rounded) squares, never loose dots, because they are what a scanner locks onto first.
 */
export function buildQrGeometry(text: string, design: QrDesign): QrGeometry {
  const errorCorrection = effectiveErrorCorrection(design);
  const qr = QRCode.create(text, { errorCorrectionLevel: errorCorrection });
  const n = qr.modules.size;
  const m = design.margin;
  const style: QrDotStyle = design.dotStyle;

  const finders: Area[] = [
    { row: 0, col: 0, side: FINDER_SIZE },
    { row: 0, col: n - FINDER_SIZE, side: FINDER_SIZE },
    { row: n - FINDER_SIZE, col: 0, side: FINDER_SIZE },
  ];
  const logoPng = design.logo ? Buffer.from(design.logo.dataBase64, 'base64') : null;
  const logoSize = logoPng ? readPngSize(logoPng) : null;
  const pad = logoSize ? logoPad(n) : null;
  // Dots would break the alignment patterns' ring into loose circles; draw them as rings too
  // (except one hidden by the logo: from version 7 on, one sits in the very centre).
  const alignments: Area[] =
    style === 'dots'
      ? alignmentCentres(qr.version, n)
          .map(([row, col]) => ({ row: row - 2, col: col - 2, side: ALIGNMENT_SIZE }))
          .filter((area) => !(pad && overlaps(area, pad)))
      : [];
  // Square finders are just modules; other styles draw them (and dots' alignments) as whole shapes.
  const patterns = style === 'square' ? alignments : [...finders, ...alignments];

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
  if (style !== 'square') {
    for (const area of patterns) {
      const radii = area.side === FINDER_SIZE ? FINDER_RADII[style] : ALIGNMENT_RADII;
      parts.push(ringPattern(m + area.col, m + area.row, area.side, radii.outer, radii.centre));
    }
  }

  return {
    extent: n + 2 * m,
    moduleCount: n,
    version: qr.version,
    errorCorrection,
    foreground: design.foreground,
    background: design.background,
    darkPath: parts.join(''),
    logo:
      logoPng && logoSize && pad && design.logo
        ? { rect: logoRect(pad, n, m, logoSize), png: logoPng, dataBase64: design.logo.dataBase64 }
        : null,
  };
}
