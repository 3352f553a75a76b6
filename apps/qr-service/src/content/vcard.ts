import type { VCardContent } from '@qrd/contracts';

/** vCard 3.0 (RFC 2426): the version every phone's contacts app imports. */

/** A text value: backslash, comma, semicolon and line breaks escaped (RFC 2426 section 4). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A content line folded at 75 octets (RFC 2425 section 5.8.1): each continuation starts with a
 * space, and a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const TEL_TYPES: [RegExp, string][] = [
  [/mobile|cell|handy/i, 'CELL'],
  [/work|office|business/i, 'WORK'],
  [/home/i, 'HOME'],
  [/fax/i, 'FAX'],
];

function telType(label: string | undefined): string {
  const match = TEL_TYPES.find(([pattern]) => label && pattern.test(label));
  return match ? match[1] : 'VOICE';
}

/** The card as a .vcf file's text (CRLF line ends); `photo` is a JPEG to embed, if any. */
export function toVCard(card: VCardContent, photo: Buffer | null = null): string {
  const first = card.firstName ?? '';
  const last = card.lastName ?? '';
  const full = [first, last].filter(Boolean).join(' ') || card.company || '';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `N:${escapeText(last)};${escapeText(first)};;;`, `FN:${escapeText(full)}`];
  if (card.company) lines.push(`ORG:${escapeText(card.company)}`);
  if (card.title) lines.push(`TITLE:${escapeText(card.title)}`);
  for (const phone of card.phones ?? []) lines.push(`TEL;TYPE=${telType(phone.label)}:${escapeText(phone.number)}`);
  for (const email of card.emails ?? []) lines.push(`EMAIL;TYPE=INTERNET:${escapeText(email)}`);
  const a = card.address;
  if (a) {
    const parts = ['', '', a.street ?? '', a.city ?? '', a.region ?? '', a.postcode ?? '', a.country ?? ''];
    lines.push(`ADR;TYPE=WORK:${parts.map(escapeText).join(';')}`);
  }
  if (card.website) lines.push(`URL:${card.website}`);
  if (card.note) lines.push(`NOTE:${escapeText(card.note)}`);
  if (photo) lines.push(`PHOTO;ENCODING=b;TYPE=JPEG:${photo.toString('base64')}`);
  lines.push('END:VCARD');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The .vcf's file name: the person's name in letters, digits and dashes. */
export function vcardFileName(card: VCardContent): string {
  const name = [card.firstName, card.lastName].filter(Boolean).join('-') || card.company || 'contact';
  const safe = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${safe || 'contact'}.vcf`;
}
