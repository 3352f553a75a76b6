export { checkStoredLogo, MAX_LOGO_SIDE_PX, normalizeLogo, readPngSize } from './logo';
export type { QrLogo } from './logo';
export {
  contrastRatio,
  DEFAULT_DESIGN,
  effectiveErrorCorrection,
  MIN_CONTRAST_RATIO,
  relativeLuminance,
  validateDesign,
} from './qr-design';
export type { QrDesign } from './qr-design';
export { buildQrGeometry } from './qr-geometry';
export type { QrGeometry, Rect } from './qr-geometry';
export { QrRenderingError, QrRenderingErrorCode } from './qr-rendering.error';
export { QR_CONTENT_TYPES, QrRenderer, renderCacheKey } from './qr-renderer';
export type { RenderedQr } from './qr-renderer';
