// The landing page's JavaScript budget, checked after `vite build` (web:build): sums the gzipped
// size of every script the landing page loads before it is interactive (index.html's scripts,
// the entry chunk and its static imports, and the lazily loaded landing route with its static
// imports) and fails when the sum is over the budget. Gzip level 5, as nginx/nginx.conf serves it.
// Recorded in BENCHMARKS.md ("Landing page JavaScript").
//   node tools/web-budget.mjs [distDir]
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Kilobytes (1,000 bytes) of gzipped JavaScript the landing page may load. */
export const BUDGET_KB = 185;
const GZIP_LEVEL = 5;
/** The route chunk Rollup names after src/app/routes/landing.tsx. */
const LANDING_CHUNK = /^landing-[\w-]+\.js$/;

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const dist = process.argv[2] ?? join(ROOT, 'dist', 'apps', 'web');

/** Relative files a chunk imports statically (`import ... from "./x.js"`, `export ... from`, `import "./x.js"`). */
function staticImports(code) {
  const found = new Set();
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["'](\.\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1].slice(2));
  return [...found];
}

/** A chunk and everything it imports statically, transitively. */
function closure(assetsDir, start, seen) {
  if (seen.has(start)) return;
  seen.add(start);
  for (const dep of staticImports(readFileSync(join(assetsDir, start), 'utf8'))) closure(assetsDir, dep, seen);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]);
const modules = scripts.filter((s) => s.startsWith('assets/')).map((s) => s.slice('assets/'.length));
const classic = scripts.filter((s) => !s.startsWith('assets/'));
const assetsDir = join(dist, 'assets');
const landing = readdirSync(assetsDir).filter((f) => LANDING_CHUNK.test(f));
if (modules.length === 0) throw new Error(`${dist}/index.html loads no module script`);
if (landing.length !== 1) throw new Error(`expected one landing-*.js chunk in ${assetsDir}, found ${landing.length}`);

const chunks = new Set();
for (const entry of [...modules, landing[0]]) closure(assetsDir, entry, chunks);
const files = [...classic.map((f) => join(dist, f)), ...[...chunks].map((f) => join(assetsDir, f))];

let raw = 0;
let gzipped = 0;
const rows = files.map((file) => {
  const body = readFileSync(file);
  const size = gzipSync(body, { level: GZIP_LEVEL }).length;
  raw += body.length;
  gzipped += size;
  return { file: file.slice(dist.length + 1), raw: body.length, gzip: size };
});
rows.sort((a, b) => b.gzip - a.gzip);
const kb = (bytes) => (bytes / 1000).toFixed(1);
for (const row of rows) console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(7)} kB  gzip ${kb(row.gzip).padStart(6)} kB`);
const verdict = `landing page JavaScript: ${kb(gzipped)} kB gzipped (${kb(raw)} kB raw, ${rows.length} files); budget ${BUDGET_KB} kB`;
if (gzipped > BUDGET_KB * 1000) {
  console.error(`OVER BUDGET: ${verdict}`);
  process.exit(1);
}
console.log(`OK: ${verdict}`);
