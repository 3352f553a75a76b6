import { deflateSync } from 'node:zlib';
import { pdfText } from './pdf-text';

/** A one-stream PDF body around `content`, compressed as pdfkit writes it. */
function pdfWith(content: string): { pdf: Buffer; compressed: Buffer } {
  const compressed = deflateSync(Buffer.from(content, 'latin1'));
  const pdf = Buffer.concat([
    Buffer.from(`%PDF-1.3\n1 0 obj\n<<\n/Length ${compressed.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'),
    compressed,
    Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1'),
  ]);
  return { pdf, compressed };
}

describe(pdfText.name, () => {
  it('reads the text runs of a compressed stream, the euro sign from WinAnsi', () => {
    const { pdf } = pdfWith('BT /F1 10 Tf [<52656368> 20 <6e756e67>] TJ ET BT [<332c3239a080>] TJ ET');
    expect(pdfText(pdf)).toEqual(['Rechnung', '3,29\u00a0€']);
  });

  it('reads a stream whose compressed bytes end in a carriage return', () => {
    // Some invoices compress to bytes ending in \r; a reader that looks for "\r\nendstream" loses them.
    let found: { pdf: Buffer; compressed: Buffer } | undefined;
    for (let i = 0; !found; i++) {
      const candidate = pdfWith(`BT [<${Buffer.from(`Invoice ${i}`).toString('hex')}>] TJ ET`);
      if (candidate.compressed.at(-1) === 0x0d) found = candidate;
    }
    expect(pdfText(found.pdf)).toEqual([expect.stringMatching(/^Invoice \d+$/)]);
  });
});
