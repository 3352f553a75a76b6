import { QrGeometry } from './qr-geometry';

/**
 * The SVG of a code: a background rectangle, one path with every dark shape, and the optional
 * logo. Drawn in module units (viewBox) and sized in pixels, so it is also what sharp rasterises
 * for the PNG: one drawing for every raster size.
 */
export function geometryToSvg(geometry: QrGeometry, size: number): string {
  const { extent, foreground, background, darkPath, logo } = geometry;
  const image = logo
    ? `<image x="${round(logo.rect.x)}" y="${round(logo.rect.y)}" width="${round(logo.rect.width)}" ` +
      `height="${round(logo.rect.height)}" preserveAspectRatio="none" ` +
      `xlink:href="data:image/png;base64,${logo.dataBase64}"/>`
    : '';
  // xlink:href rather than SVG 2's href: older editors and print tools still only know xlink.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${size}" height="${size}" viewBox="0 0 ${extent} ${extent}">` +
    `<rect width="${extent}" height="${extent}" fill="${background}"/>` +
    `<path fill="${foreground}" d="${darkPath}"/>` +
    image +
    `</svg>`
  );
}

function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
