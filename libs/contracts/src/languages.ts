// Its own module, without DTO classes: the web app's first script chooses its language without
// carrying the validation library along.

/** The languages the product speaks (BCP 47 tags): the web app, mail and the scanner pages. */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as its speakers write it (the language switcher's labels). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  ja: '日本語',
  ar: 'العربية',
};

/** Languages written right to left. */
export const RTL_LANGUAGES: readonly Language[] = ['ar'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** By primary subtag: pt-PT reads Brazilian Portuguese, fr-CA French, es-419 Spanish. */
const BY_PRIMARY: Record<string, Language> = { en: 'en', de: 'de', fr: 'fr', es: 'es', pt: 'pt-BR', ja: 'ja', ar: 'ar' };

/**
 * The first of the given language tags (a browser's `navigator.languages`, most preferred first)
 * that the product speaks, by its primary subtag; English when none is. Malformed tags are skipped.
 */
export function pickLanguage(tags: readonly (string | null | undefined)[]): Language {
  for (const tag of tags) {
    if (typeof tag !== 'string' || tag.length > 35) continue;
    if (isLanguage(tag)) return tag;
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    const found = BY_PRIMARY[primary];
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}
