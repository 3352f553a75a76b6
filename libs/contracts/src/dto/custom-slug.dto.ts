import { registerDecorator } from 'class-validator';

/**
 * A code's custom short link: its form, the words it may not take, and the key two look-alike
 * slugs share (checked at creation; a printed slug never changes).
 */

/** Custom slugs, chosen at creation only (a printed slug never changes). */
export const CUSTOM_SLUG_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

/** Paths and words a short link must not take (compared without case). */
export const RESERVED_SLUGS = new Set([
  'api', 'admin', 'r', 'health', 'healthz', 'metrics', 'login', 'logout', 'signup', 'register', 'account', 'settings',
  'billing', 'pricing', 'help', 'support', 'docs', 'static', 'assets', 'app', 'www', 'mail', 'qr', 'qrcode', 'qrcodes',
  'dashboard', 'analytics', 'abuse', 'report', 'terms', 'privacy', 'security', 'status', 'root', 'null', 'undefined',
]);

export const SLUG_MESSAGES = {
  pattern: 'A custom short link has 4 to 32 letters, digits, - or _',
  reserved: 'This short link is reserved: choose another',
  taken: 'This short link is already taken: choose another',
  confusable: 'This short link looks too much like one already in use: choose another',
} as const;

/** Why a custom slug cannot be used (its form only), or null. */
export function customSlugProblem(value: unknown): string | null {
  if (typeof value !== 'string' || !CUSTOM_SLUG_PATTERN.test(value)) return SLUG_MESSAGES.pattern;
  if (RESERVED_SLUGS.has(value.toLowerCase())) return SLUG_MESSAGES.reserved;
  return null;
}

/**
 * The form two slugs that read alike share (case, 0/o, 1/l/i, - and _ ignored); kept in step with
 * the generated column qr.codes.slug_key.
 */
export function slugLookalikeKey(slug: string): string {
  return slug
    .toLowerCase()
    .replace(/[-_]/g, '')
    .replace(/0/g, 'o')
    .replace(/[1i]/g, 'l');
}

export function IsCustomSlug() {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'customSlug',
      target: target.constructor,
      propertyName,
      options: { message: (args) => customSlugProblem(args.value) ?? SLUG_MESSAGES.pattern },
      validator: { validate: (value: unknown) => customSlugProblem(value) === null },
    });
  };
}

export interface SlugAvailability {
  slug: string;
  available: boolean;
  /** Why not, in words. */
  reason?: string;
}

export class SlugAvailabilityQueryDto {
  @IsCustomSlug()
  slug!: string;
}
