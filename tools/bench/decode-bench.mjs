// npm run bench:decode [-- --texts N --slugs N]: every offered design option x format (PNG, SVG, PDF) x
// decoder (jsQR, ZXing's JavaScript port with its hybrid and global-histogram binarizers,
// zxing-cpp's WebAssembly build), each read clean and with a margin (15 degrees of tilt and a
// Gaussian blur of a quarter module, at 8 pixels per module). Prints the table and one JSON line;
// then N generated short links as PDFs (as a bulk ZIP holds them). The table goes into BENCHMARKS.md.
import { build } from 'esbuild';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../system.mjs';
import { fail, loadText, log, machine, numberArg, report } from './bench-kit.mjs';

const DECODERS = ['jsqr', 'zxing-hybrid', 'zxing-global', 'zxing-cpp'];
const FORMATS = ['png', 'svg', 'pdf'];

async function main() {
  const textCount = numberArg('texts', 2);
  const outDir = join(ROOT, 'tmp', 'bench');
  await mkdir(outDir, { recursive: true });
  const bundle = join(outDir, 'decode-matrix.cjs');
  await build({
    entryPoints: [join(ROOT, 'tools', 'bench', 'decode-matrix.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    packages: 'external',
    tsconfig: join(ROOT, 'tsconfig.base.json'),
    logLevel: 'error',
  });
  const { runMatrix, runSlugs } = createRequire(import.meta.url)(bundle);
  const slugCount = numberArg('slugs', 60);
  const started = Date.now();
  let lastShown = 0;
  const rows = await runMatrix(textCount, (done, total) => {
    if (Date.now() - lastShown > 15000 || done === total) {
      lastShown = Date.now();
      log(`${done}/${total} renders read`);
    }
  });
  // A bulk download: many short links with the default design, as PDFs (a mask's false eye shows up here).
  const slugs = await runSlugs(slugCount, 'pdf');
  const slugReads = Object.fromEntries(DECODERS.map((d) => [d, slugs.filter((s) => s.read[d]).length]));
  const seconds = Math.round((Date.now() - started) / 1000);

  // Per option value: how many renders each format x decoder read, with the margin (and clean).
  const options = [];
  for (const row of rows) for (const option of row.options) if (!options.includes(option)) options.push(option);
  const cell = (option, format, decoder, kind) => {
    const of = rows.filter((r) => r.options.includes(option) && r.format === format);
    return { ok: of.filter((r) => r[kind][decoder]).length, total: of.length };
  };
  const header = `| option | ${FORMATS.flatMap((f) => DECODERS.map((d) => `${f} ${d}`)).join(' | ')} |`;
  const rule = `|---|${FORMATS.flatMap(() => DECODERS.map(() => '---:')).join('|')}|`;
  const lines = options.map((option) => {
    const cells = FORMATS.flatMap((f) =>
      DECODERS.map((d) => {
        const margin = cell(option, f, d, 'margin');
        const clean = cell(option, f, d, 'clean');
        const text = `${margin.ok}/${margin.total}`;
        return margin.ok === margin.total && clean.ok === clean.total ? text : `**${text}** (clean ${clean.ok})`;
      }),
    );
    return `| ${option} | ${cells.join(' | ')} |`;
  });
  const failures = rows.filter((r) => DECODERS.some((d) => !r.clean[d] || !r.margin[d]));
  const reads = rows.length * DECODERS.length;
  const marginReads = rows.reduce((n, r) => n + DECODERS.filter((d) => r.margin[d]).length, 0);
  const cleanReads = rows.reduce((n, r) => n + DECODERS.filter((d) => r.clean[d]).length, 0);
  const m = machine();
  const versions = [...new Set(rows.map((r) => r.version))].sort((a, b) => a - b);
  const date = new Date().toISOString().slice(0, 10);
  const markdown = [
    `### Decode matrix (${date}, ${m.cpus} cores, Node ${m.node}, ${loadText(m.load)})`,
    '',
    `${rows.length / textCount / FORMATS.length} designs x ${textCount} texts (QR versions ${versions.join(', ')}) x ${FORMATS.length} formats = ${rows.length} renders, ` +
      `each read by ${DECODERS.length} decoders clean and with the margin (15 degrees, blur of a quarter module, 8 pixels per module): ` +
      `${cleanReads}/${reads} clean reads, ${marginReads}/${reads} with the margin, ${seconds} s. ` +
      'A cell counts the renders with that option that the decoder read with the margin; bold when any was missed (clean reads in brackets).',
    '',
    header,
    rule,
    ...lines,
    '',
    `${slugCount} generated short links, default design, as PDFs read clean: ${DECODERS.map((d) => `${d} ${slugReads[d]}/${slugCount}`).join(', ')}.`,
    '',
    failures.length === 0
      ? 'Every render read in every decoder, clean and with the margin.'
      : `Missed: ${failures
          .slice(0, 40)
          .map((r) => `${r.options.join(', ')} / ${r.format} / v${r.version}: ${DECODERS.filter((d) => !r.margin[d] || !r.clean[d]).join(' ')}`)
          .join('; ')}`,
  ].join('\n');
  await report('decode', { machine: m, textCount, seconds, rows, slugs }, markdown, {
    renders: rows.length,
    reads,
    cleanReads,
    marginReads,
    missedRenders: failures.length,
    slugs: slugCount,
    slugsReadByAll: slugs.filter((s) => DECODERS.every((d) => s.read[d])).length,
    seconds,
    ...m,
  });
}

main().catch(fail);
