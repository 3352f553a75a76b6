import vCard from 'vcf';
import { escapeText, foldLine, toVCard, vcardFileName } from './vcard';

describe('vCard', () => {
  it('escapes backslash, comma, semicolon and line breaks in text values', () => {
    expect(escapeText('a\\b, c; d\r\ne\nf')).toBe('a\\\\b\\, c\\; d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a multi-byte character', () => {
    const line = `NOTE:${'ü'.repeat(60)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('writes a card the vcf parser reads back, with CRLF line ends', () => {
    const sut = toVCard({
      type: 'vcard',
      firstName: 'Jane',
      lastName: "O'Neil",
      company: 'Foo, Bar; Baz',
      phones: [{ label: 'Work', number: '+1 555 0100' }, { number: '+1 555 0199' }],
      emails: ['jane@example.com'],
      address: { street: 'Main St 1', city: 'Springfield', country: 'US' },
      website: 'https://example.com',
    });
    expect(sut.endsWith('END:VCARD\r\n')).toBe(true);
    expect(sut).not.toMatch(/[^\r]\n/);
    const [card] = vCard.parse(sut);
    expect(card.version).toBe('3.0');
    expect(card.get('fn')?.valueOf()).toBe("Jane O'Neil");
    expect(sut).toContain('TEL;TYPE=WORK:+1 555 0100');
    expect(sut).toContain('TEL;TYPE=VOICE:+1 555 0199');
    expect(sut).toContain('ADR;TYPE=WORK:;;Main St 1;Springfield;;;US');
    expect(sut).toContain('ORG:Foo\\, Bar\\; Baz');
  });

  it('names the file after the person, in safe characters', () => {
    expect(vcardFileName({ type: 'vcard', firstName: 'Zoë', lastName: 'Ünal / CEO', phones: [], emails: [] })).toBe('Zoe-Unal-CEO.vcf');
  });
});
