// Writes file.gz beside every compressible file of a built web root, for nginx's gzip_static:
// compressed once at the highest level instead of on every request. Usage: node tools/precompress.mjs dist/apps/web
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** As nginx's gzip_min_length. */
const MIN_LENGTH = 512;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.has(extname(entry.name))) yield path;
  }
}

const root = process.argv[2];
if (!root) {
  console.error('usage: node tools/precompress.mjs <web root>');
  process.exit(2);
}
let written = 0;
let before = 0;
let after = 0;
for await (const file of files(root)) {
  if ((await stat(file)).size < MIN_LENGTH) continue;
  const body = await readFile(file);
  const gz = gzipSync(body, { level: 9 });
  // Kept only when it saves something (nginx then serves the original).
  if (gz.length >= body.length) continue;
  await writeFile(`${file}.gz`, gz);
  written++;
  before += body.length;
  after += gz.length;
}
console.log(`precompressed ${written} files: ${before} -> ${after} bytes`);
