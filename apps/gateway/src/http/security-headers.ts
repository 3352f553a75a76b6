import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '@qrd/config';


/**
 * Content-Security-Policy for the single-page app and its API: our own scripts plus Stripe's
 * payment form, inline styles (UI primitives position popovers with style attributes), images
 * from data:/blob: URLs (QR previews), never framed by anyone. nginx/nginx.conf sends the same
 * policy with index.html.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com'],
  frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ["'self'", 'https://api.stripe.com'],
  imgSrc: ["'self'", 'data:', 'blob:'],
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** helmet's headers, HSTS only when served over https, and no caching of API answers. */
export function securityHeaders(config: AppConfig): RequestHandler {
  const https = config.publicBaseUrl.startsWith('https://');
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...CSP_DIRECTIVES, ...(https ? { upgradeInsecureRequests: [] } : {}) },
    },
    // Stripe's iframe is not served with CORP headers.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    // Answers carry personal data: no browser or proxy may keep a copy.
    // The public API's GETs may be revalidated with their ETag (If-None-Match), never shared.
    if (req.path.startsWith('/api/v1/')) res.setHeader('Cache-Control', 'private, no-cache');
    else if (req.path.startsWith('/api/')) res.setHeader('Cache-Control', 'no-store');
    headers(req, res, next);
  };
}
