// Draws the landing page's demo QR code with our own renderer (apps/qr-service/src/rendering) and
// writes it to apps/web/public/demo-qr.svg, so the page shows a real code without asking any
// outside QR image service. Run it after changing the renderer or the encoded text:
//   node tools/web-demo-qr.mjs
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
/** The sample destination the demo card shows: scanning the picture opens it. */
export const DEMO_TEXT = 'https://example.com/spring-menu';
const SIZE = 200;

// Inside the repository so the bundle's bare imports (qrcode, sharp) resolve from node_modules.
mkdirSync(join(ROOT, 'tmp'), { recursive: true });
const dir = mkdtempSync(join(ROOT, 'tmp', 'demo-qr-'));
try {
  const bundle = join(dir, 'rendering.mjs');
  // The renderer is TypeScript; esbuild compiles it on the fly (its packages stay external).
  await build({
    entryPoints: [join(ROOT, 'apps/qr-service/src/rendering/index.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outfile: bundle,
    logLevel: 'warning',
  });
  const { QrRenderer, DEFAULT_DESIGN } = await import(pathToFileURL(bundle).href);
  const svg = await new QrRenderer().renderSvg(DEMO_TEXT, { ...DEFAULT_DESIGN, dotStyle: 'rounded', foreground: '#312e81' }, SIZE);
  const out = join(ROOT, 'apps/web/public/demo-qr.svg');
  writeFileSync(out, `${svg}\n`);
  console.log(`wrote ${out} (${svg.length} bytes) encoding ${DEMO_TEXT}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
