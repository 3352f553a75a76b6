export { checkStoredLogo, MAX_LOGO_SIDE_PX, MAX_LOGO_UPLOAD_BYTES, normalizeLogo, readPngSize } from './logo';
export type { QrLogo } from './logo';
export {
  contrastRatio,
  DEFAULT_DESIGN,
  DOT_STYLES,
  effectiveErrorCorrection,
  ERROR_CORRECTION_LEVELS,
  MAX_MARGIN,
  MIN_CONTRAST_RATIO,
  MIN_MARGIN,
  relativeLuminance,
  validateDesign,
} from './qr-design';
export type { DotStyle, ErrorCorrectionLevel, QrDesign } from './qr-design';
export { buildQrGeometry } from './qr-geometry';
export type { QrGeometry, Rect } from './qr-geometry';
export { QrRenderingError, QrRenderingErrorCode } from './qr-rendering.error';
export {
  MAX_QR_SIZE,
  MIN_QR_SIZE,
  QR_CONTENT_TYPES,
  QR_IMAGE_FORMATS,
  QrRenderer,
  renderCacheKey,
} from './qr-renderer';
export type { QrImageFormat, RenderedQr } from './qr-renderer';
