import PDFDocument from 'pdfkit';
import { QrGeometry } from './qr-geometry';

/**
 * Fixed so identical inputs give identical bytes: pdfkit derives the file /ID from the info
 * dictionary and otherwise stamps the current time, which would change the ETag on every render.
 */
const FIXED_CREATION_DATE = new Date(Date.UTC(2020, 0, 1));

/**
 * A print-ready vector PDF: one page exactly `size` points square, the code drawn from the very
 * same SVG path data as the SVG (pdfkit understands SVG path syntax), scaled from modules to
 * points. Only the logo, when there is one, is a raster image.
 */
export function geometryToPdf(geometry: QrGeometry, size: number): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [size, size],
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

  const scale = size / geometry.extent;
  doc.rect(0, 0, size, size).fill(geometry.background);
  doc.save();
  doc.scale(scale);
  doc.path(geometry.darkPath).fill(geometry.foreground, 'non-zero');
  doc.restore();
  if (geometry.logo) {
    const { rect, png } = geometry.logo;
    doc.image(png, rect.x * scale, rect.y * scale, { width: rect.width * scale, height: rect.height * scale });
  }
  doc.end();
  return done;
}
