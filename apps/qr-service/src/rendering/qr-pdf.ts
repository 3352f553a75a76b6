import type { PrintLayout } from '@qrd/contracts';
import PDFDocument from 'pdfkit';
import { QrGeometry } from './qr-geometry';

/**
 * Fixed so identical inputs give identical bytes: pdfkit derives the file /ID from the info
 * dictionary and otherwise stamps the current time, which would change the ETag on every render.
 */
const FIXED_CREATION_DATE = new Date(Date.UTC(2020, 0, 1));

/** Crop marks are hairlines (0.25 pt), kept clear of the trim so none shows on the cut piece. */
const MARK_WIDTH = 0.25;

function pdfDocument(width: number, height: number): { doc: PDFKit.PDFDocument; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: [width, height],
    margin: 0,
    compress: true,
    info: {
      Title: 'QR code',
      Creator: 'QR Dynamic',
      Producer: 'QR Dynamic',
      CreationDate: FIXED_CREATION_DATE,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/**
 * The code from the very same SVG path data as the SVG (pdfkit understands SVG path syntax),
 * `size` points wide at (x, y); the frame's text in Helvetica-Bold at the SVG's size and place.
 */
function drawCode(doc: PDFKit.PDFDocument, geometry: QrGeometry, x: number, y: number, size: number): void {
  const scale = size / geometry.width;
  doc.save();
  if (x || y) doc.translate(x, y);
  doc.scale(scale);
  const { gradient, eyes, frame } = geometry;
  if (gradient) {
    const fill = doc.linearGradient(gradient.x1, gradient.y1, gradient.x2, gradient.y2).stop(0, geometry.foreground).stop(1, gradient.to);
    doc.path(geometry.darkPath).fill(fill, 'non-zero');
  } else {
    doc.path(geometry.darkPath).fill(geometry.foreground, 'non-zero');
  }
  if (eyes) doc.path(eyes.path).fill(eyes.colour, 'non-zero');
  if (frame?.path) doc.path(frame.path).fill(frame.colour, 'non-zero');
  doc.restore();
  if (frame) {
    const fontSize = frame.fontSize * scale;
    doc.font('Helvetica-Bold').fontSize(fontSize).fillColor(frame.textColour);
    const textWidth = doc.widthOfString(frame.text);
    doc.text(frame.text, x + frame.textX * scale - textWidth / 2, y + frame.baseline * scale, { lineBreak: false, baseline: 'alphabetic' });
  }
  if (geometry.logo) {
    const { rect, png } = geometry.logo;
    doc.image(png, x + rect.x * scale, y + rect.y * scale, { width: rect.width * scale, height: rect.height * scale });
  }
}

/** Points: square unless a frame adds its band below. */
function pageHeight(geometry: QrGeometry, width: number): number {
  return Math.round(((width * geometry.height) / geometry.width) * 1000) / 1000;
}

/**
 * A print-ready vector PDF: one page exactly `size` points wide (square without a frame). Only the logo, when there is
 * one, is a raster image.
 */
export function geometryToPdf(geometry: QrGeometry, size: number): Promise<Buffer> {
  const height = pageHeight(geometry, size);
  const { doc, done } = pdfDocument(size, height);
  if (geometry.background) doc.rect(0, 0, size, height).fill(geometry.background);
  drawCode(doc, geometry, 0, 0, size);
  doc.end();
  return done;
}

/**
 * For a printer: the page is the print size plus the bleed on each side, the background runs
 * into the bleed (so a cut a little off leaves no white edge), the code is centred on the trim,
 * and crop marks, when asked for, sit in the bleed at the trim's corners.
 */
export function geometryToPrintPdf(geometry: QrGeometry, print: PrintLayout): Promise<Buffer> {
  const { sizePt: size, bleedPt: bleed } = print;
  const page = size + 2 * bleed;
  const pageTall = pageHeight(geometry, size) + 2 * bleed;
  const { doc, done } = pdfDocument(page, pageTall);
  if (geometry.background) doc.rect(0, 0, page, pageTall).fill(geometry.background);
  drawCode(doc, geometry, bleed, bleed, size);
  if (print.cropMarks && bleed > 0) {
    const gap = Math.min(2, bleed / 4);
    const trimsX = [bleed, bleed + size];
    const trimsY = [bleed, pageTall - bleed];
    doc.lineWidth(MARK_WIDTH).strokeColor('#000000');
    for (const x of trimsX) {
      for (const y of trimsY) {
        const outX = x === bleed ? -1 : 1;
        const outY = y === bleed ? -1 : 1;
        doc.moveTo(x, y + outY * gap).lineTo(x, y + outY * bleed).stroke();
        doc.moveTo(x + outX * gap, y).lineTo(x + outX * bleed, y).stroke();
      }
    }
  }
  doc.end();
  return done;
}
