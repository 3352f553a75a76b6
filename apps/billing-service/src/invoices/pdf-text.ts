import { inflateSync } from 'node:zlib';

/** WinAnsi bytes pdfkit writes for characters outside Latin-1 (the euro sign, dashes, quotes). */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x96: '–', 0x97: '—', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”' };

/**
 * The text a pdfkit PDF written with its built-in fonts shows, one string per text operation
 * (tests read what a reader sees: pdfkit writes each run as hex WinAnsi codes, kerned, in
 * compressed streams).
 */
export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const text = [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)]
        .map(([, hex]) => {
          const bytes = Buffer.from(hex, 'hex');
          return [...bytes].map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');
        })
        .join('');
      out.push(text);
    }
  }
  return out;
}
