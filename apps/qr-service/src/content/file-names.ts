import { create as contentDisposition } from 'content-disposition';
import { extname } from 'node:path';

/** Longest stem kept, in UTF-8 bytes: with its extension the name fits every file system's 255. */
const MAX_STEM_BYTES = 200;

/**
 * Characters a file name never keeps: controls (C0, DEL, C1), lone surrogates, line and paragraph
 * separators, the byte order mark, bidirectional controls (they can show "evil\u202Efdp.exe" as
 * "evilexe.pdf") and the characters Windows refuses in a name. Joiners stay: emoji need them.
 */
const DROPPED = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff"\\<>|*?:]/gu;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** At most `max` UTF-8 bytes of `text`, cut between graphemes (never inside an emoji or an accent). */
function fitBytes(text: string, max: number): string {
  let kept = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    bytes += Buffer.byteLength(segment, 'utf8');
    if (bytes > max) break;
    kept += segment;
  }
  return kept;
}

/**
 * The name an uploaded file is shown and served under: its last path segment (either separator),
 * in NFC, white space (tabs, line breaks) as one space, without the characters above, no leading dots, and the extension of
 * the type its bytes showed. Nothing is left: "file".
 */
export function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/\s+/gu, ' ')
    .replace(DROPPED, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const stem = fitBytes(base.slice(0, base.length - extname(base).length).replace(/^[.\s]+/u, ''), MAX_STEM_BYTES).trim();
  return `${stem || 'file'}.${extension}`;
}

/** An ASCII stand-in for clients that do not read RFC 8187's filename*: accents dropped, other letters "_". */
function asciiFallback(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]+/g, '_');
}

/** Content-Disposition for a stored name (RFC 6266): filename* in UTF-8 when the name is not ASCII. */
export function dispositionOf(type: 'inline' | 'attachment', fileName: string): string {
  return contentDisposition(fileName, { type, fallback: asciiFallback(fileName) });
}
