import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SLUG_LENGTH = 7;

/**
 * 7 random base62 characters (62^7 ≈ 3.5e12): short, so the symbol stays small, and unguessable
 * enough that codes cannot be enumerated. Bytes >= 248 are skipped so every character is equally likely.
 */
export function newSlug(): string {
  let slug = '';
  while (slug.length < SLUG_LENGTH) {
    for (const byte of randomBytes(16)) {
      if (byte < 248 && slug.length < SLUG_LENGTH) slug += ALPHABET[byte % 62];
    }
  }
  return slug;
}
