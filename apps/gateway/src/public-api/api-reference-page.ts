import { Injectable } from '@nestjs/common';
import { apiReference } from '@scalar/nestjs-api-reference';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Response } from 'express';
import { CSP_DIRECTIVES } from '../http/security-headers';

/** Where the page loads Scalar's browser bundle from: our own origin, never a CDN. */
export const SCALAR_SCRIPT_PATH = '/docs/api/scalar.js';
/** The bundle `@scalar/api-reference` ships for a plain <script> tag. */
const SCALAR_BUNDLE = '@scalar/api-reference/browser/standalone.js';

/**
 * The interactive reference (Scalar) at /docs/api. The page is rendered once; its one inline script
 * (the configuration) is allowed by its hash in the page's Content-Security-Policy, so the policy
 * stays as strict as the app's.
 */
@Injectable()
export class ApiReferencePage {
  private readonly html: string;
  private readonly csp: string;
  private readonly bundle: Buffer | null;

  constructor() {
    let html = '';
    // The package answers through `res.send`; it is asked once, for the page's text.
    const render = apiReference({
      url: '/api/v1/openapi.json',
      cdn: SCALAR_SCRIPT_PATH,
      pageTitle: 'QR Dynamic API reference',
      withDefaultFonts: false,
      hideClientButton: true,
    }) as (req: unknown, res: { send: (body: string) => void }) => void;
    render(null, { send: (body) => (html = body) });
    this.html = html;
    const hashes = [...html.matchAll(/<script type="text\/javascript">([\s\S]*?)<\/script>/g)].map(
      (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
    );
    const directives: Record<string, string[]> = { ...CSP_DIRECTIVES, scriptSrc: ["'self'", ...hashes] };
    this.csp = Object.entries(directives)
      .map(([name, values]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`)
      .join('; ');
    this.bundle = loadBundle();
  }

  sendPage(res: Response): void {
    res.setHeader('Content-Security-Policy', this.csp);
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('html').send(this.html);
  }

  sendScript(res: Response): void {
    if (!this.bundle) {
      res.status(503).type('text/plain').send(`The reference page's script is not installed (npm package ${SCALAR_BUNDLE.split('/browser')[0]}).`);
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('application/javascript').send(this.bundle);
  }
}

function loadBundle(): Buffer | null {
  try {
    return readFileSync(createRequire(__filename).resolve(SCALAR_BUNDLE));
  } catch {
    return null;
  }
}
