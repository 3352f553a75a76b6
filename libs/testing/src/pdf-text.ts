import { inflateSync } from 'node:zlib';

/** WinAnsi bytes pdfkit writes for characters outside Latin-1 (the euro sign, dashes, quotes). */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x96: '–', 0x97: '—', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”' };

/**
 * The streams of a PDF, each cut by the length its dictionary gives: compressed bytes may end in a
 * carriage return or hold anything, so the `endstream` keyword cannot mark where they end.
 */
function* streams(pdf: Buffer): Generator<Buffer> {
  const raw = pdf.toString('latin1');
  const starts = /\/Length (\d+)\b[^]*?>>\s*stream\r?\n/g;
  for (let match = starts.exec(raw); match; match = starts.exec(raw)) {
    const start = match.index + match[0].length;
    const length = Number(match[1]);
    yield pdf.subarray(start, start + length);
    starts.lastIndex = start + length;
  }
}

/**
 * The text a pdfkit PDF written with its built-in fonts shows, one string per text operation
 * (tests read what a reader sees: pdfkit writes each run as hex WinAnsi codes, kerned, in
 * compressed streams).
 */
export function pdfText(pdf: Buffer): string[] {
  const out: string[] = [];
  for (const stream of streams(pdf)) {
    let content: string;
    try {
      content = inflateSync(stream).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) => [...Buffer.from(hex, 'hex')].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join(''))
        .join('');
      out.push(text);
    }
  }
  return out;
}
