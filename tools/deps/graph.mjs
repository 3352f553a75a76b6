// Writes the module maps in docs/engineering.md from the code (dependency-cruiser, Mermaid), so the
// picture of the architecture cannot drift: `--check` fails when the document is not what the code
// gives (npm run lint runs it). Each map shows the folders of one service, the web app's features
// and shared layers, or the libraries, and which import which.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = join(root, 'docs', 'engineering.md');
const services = ['gateway', 'auth-service', 'qr-service', 'billing-service', 'redirect-service'];

/** name -> [directories to cruise, include-only pattern, collapse pattern] */
const maps = {
  ...Object.fromEntries(services.map((s) => [s, [[`apps/${s}/src`], `^apps/${s}/src/[^/]+/`, `^apps/${s}/src/[^/]+`]])),
  web: [['apps/web/src'], '^apps/web/src/(features/[^/]+|app|components|hooks|lib)/', '^apps/web/src/(features/[^/]+|[^/]+)'],
  libs: [['libs'], '^libs/[^/]+/src/', '^libs/[^/]+'],
};

function mermaid([dirs, includeOnly, collapse]) {
  const out = execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs'),
      ...dirs,
      '--config', '.dependency-cruiser.cjs',
      '--include-only', includeOnly,
      '--exclude', '(\\.spec\\.tsx?$|/migrations/|/test-setup)',
      '--collapse', collapse,
      '--output-type', 'mermaid',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  return out.trim();
}

const check = process.argv.includes('--check');
let text = readFileSync(doc, 'utf8');
const stale = [];
for (const [name, spec] of Object.entries(maps)) {
  const start = `<!-- module-map:${name} -->`;
  const end = `<!-- /module-map:${name} -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    console.error(`docs/engineering.md has no ${start} ... ${end} block`);
    process.exit(1);
  }
  const block = `${start}\n\`\`\`mermaid\n${mermaid(spec)}\n\`\`\`\n${end}`;
  if (text.slice(from, to + end.length) !== block) stale.push(name);
  text = text.slice(0, from) + block + text.slice(to + end.length);
}
if (check) {
  if (stale.length) {
    console.error(`The module maps in docs/engineering.md are out of date (${stale.join(', ')}): run npm run deps:graph`);
    process.exit(1);
  }
  console.log('The module maps in docs/engineering.md match the code.');
} else {
  writeFileSync(doc, text);
  console.log(stale.length ? `Updated the module maps: ${stale.join(', ')}` : 'The module maps were already current.');
}
