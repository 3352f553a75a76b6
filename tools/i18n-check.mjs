// The web app's catalogues are whole: checked in `npm run lint` (and so in CI).
// - `apps/web/src/i18n/catalogues/en.json` is what the code says (`npm run i18n:extract` rewrites it);
// - every other language has every message exactly once across its area files
//   (`catalogues/<area>/<language>.json`), none the code no longer uses, each a valid ICU message
//   with the same placeholders, plurals and tags as the English one.
//   node tools/i18n-check.mjs            checks
//   node tools/i18n-check.mjs --extract  rewrites en.json from the code first
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const CATALOGUES = join(ROOT, 'apps/web/src/i18n/catalogues');
const ENGLISH = join(CATALOGUES, 'en.json');
const LANGUAGES = ['de', 'fr', 'es', 'pt-BR', 'ja', 'ar'];

function extract(outFile) {
  const cli = join(ROOT, 'node_modules/.bin/formatjs');
  execFileSync(cli, ['extract', 'apps/web/src/**/*.{ts,tsx}', '--ignore', '**/*.spec.ts', '--ignore', '**/*.spec.tsx', '--format', 'simple', '--out-file', outFile], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const messages = JSON.parse(readFileSync(outFile, 'utf8'));
  return Object.fromEntries(Object.keys(messages).sort().map((id) => [id, messages[id]]));
}

/** What must match between a message and its translation: placeholders with their kinds, and tags. */
function shape(message) {
  const parts = new Set();
  const walk = (elements) => {
    for (const element of elements) {
      if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
      if (element.type === TYPE.tag) {
        parts.add(`<${element.value}>`);
        walk(element.children);
      } else parts.add(`${element.value}:${element.type}`);
      if (element.options) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...parts].sort().join(' ');
}

const problems = [];
const tmp = mkdtempSync(join(tmpdir(), 'i18n-'));
let english;
try {
  english = extract(join(tmp, 'en.json'));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const serialised = `${JSON.stringify(english, null, 2)}\n`;
if (process.argv.includes('--extract')) writeFileSync(ENGLISH, serialised);
else if (readFileSync(ENGLISH, 'utf8') !== serialised) problems.push('apps/web/src/i18n/catalogues/en.json is not what the code says: run `npm run i18n:extract`');

const shapes = {};
for (const [id, message] of Object.entries(english)) {
  try {
    shapes[id] = shape(message);
  } catch (error) {
    problems.push(`en: ${id}: not a valid ICU message (${error.message})`);
  }
}

const areas = readdirSync(CATALOGUES).filter((name) => statSync(join(CATALOGUES, name)).isDirectory());
for (const language of LANGUAGES) {
  const seen = new Map();
  for (const area of areas) {
    const file = join(CATALOGUES, area, `${language}.json`);
    let messages;
    try {
      messages = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      if (error.code === 'ENOENT') continue;
      problems.push(`${area}/${language}.json: ${error.message}`);
      continue;
    }
    for (const [id, message] of Object.entries(messages)) {
      const where = `${area}/${language}.json: ${id}`;
      if (seen.has(id)) problems.push(`${where}: also in ${seen.get(id)}/${language}.json`);
      seen.set(id, area);
      if (!(id in english)) {
        problems.push(`${where}: the code has no such message`);
        continue;
      }
      if (typeof message !== 'string') {
        problems.push(`${where}: not a string`);
        continue;
      }
      try {
        const translated = shape(message);
        if (shapes[id] !== undefined && translated !== shapes[id]) problems.push(`${where}: placeholders or tags "${translated}" differ from the English "${shapes[id]}"`);
      } catch (error) {
        problems.push(`${where}: not a valid ICU message (${error.message})`);
      }
    }
  }
  const missing = Object.keys(english).filter((id) => !seen.has(id));
  for (const id of missing.slice(0, 20)) problems.push(`${language}: ${id} is missing`);
  if (missing.length > 20) problems.push(`${language}: ... and ${missing.length - 20} more missing`);
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`i18n: ${problems.length} problem(s) in the web app's catalogues`);
  process.exit(1);
}
console.log(`i18n: ${Object.keys(english).length} messages, each in ${LANGUAGES.length + 1} languages (${areas.length} areas)`);
