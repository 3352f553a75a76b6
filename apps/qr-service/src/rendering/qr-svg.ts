import { FRAME_FONT_FAMILY, QrGeometry } from './qr-geometry';

/** The picture's height in pixels for a width of `size`: square unless a frame adds its band. */
export function pixelHeight(geometry: QrGeometry, size: number): number {
  return Math.round((size * geometry.height) / geometry.width);
}

/**
 * The SVG of a code: a background rectangle (none when transparent), one path with every dark
 * shape (filled with the foreground or its gradient), the eyes when they have their own colour,
 * the frame, and the optional logo. Drawn in module units (viewBox) and sized in pixels (`size`
 * wide), so it is also what sharp rasterises for the PNG: one drawing for every raster size.
 */
export function geometryToSvg(geometry: QrGeometry, size: number): string {
  const { width, height, foreground, background, darkPath, logo, gradient, eyes, frame } = geometry;
  const image = logo
    ? `<image x="${round(logo.rect.x)}" y="${round(logo.rect.y)}" width="${round(logo.rect.width)}" ` +
      `height="${round(logo.rect.height)}" preserveAspectRatio="none" ` +
      `xlink:href="data:image/png;base64,${logo.dataBase64}"/>`
    : '';
  const defs = gradient
    ? `<defs><linearGradient id="qr-fg" gradientUnits="userSpaceOnUse" x1="${gradient.x1}" y1="${gradient.y1}" x2="${gradient.x2}" y2="${gradient.y2}">` +
      `<stop offset="0" stop-color="${foreground}"/><stop offset="1" stop-color="${gradient.to}"/></linearGradient></defs>`
    : '';
  const frameShapes = frame
    ? (frame.path ? `<path fill="${frame.colour}" d="${frame.path}"/>` : '') +
      `<text x="${round(frame.textX)}" y="${round(frame.baseline)}" font-family="${FRAME_FONT_FAMILY}" font-weight="bold" ` +
      `font-size="${round(frame.fontSize)}" text-anchor="middle" fill="${frame.textColour}">${escapeXml(frame.text)}</text>`
    : '';
  // xlink:href rather than SVG 2's href: older editors and print tools still only know xlink.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${size}" height="${pixelHeight(geometry, size)}" viewBox="0 0 ${width} ${height}">` +
    defs +
    (background ? `<rect width="${width}" height="${height}" fill="${background}"/>` : '') +
    `<path fill="${gradient ? 'url(#qr-fg)' : foreground}" d="${darkPath}"/>` +
    (eyes ? `<path fill="${eyes.colour}" d="${eyes.path}"/>` : '') +
    frameShapes +
    image +
    `</svg>`
  );
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}
