import { LANGUAGES, RTL_LANGUAGES, isLanguage, pickLanguage, type Language } from '@qrd/contracts';

/**
 * The accented, lengthened pseudo-language of the browser tests: every message that comes from a
 * catalogue is shown changed, so English left in a screen and text cut off by its box stand out.
 * Chosen only by `?lang=en-XA` or a stored choice, never from the browser's languages.
 */
export const PSEUDO_LOCALE = 'en-XA';

/** What the web app is shown in: a product language, or the pseudo-language of the tests. */
export type UiLocale = Language | typeof PSEUDO_LOCALE;

const STORAGE_KEY = 'qrd.language';

export function isUiLocale(value: unknown): value is UiLocale {
  return value === PSEUDO_LOCALE || isLanguage(value);
}

/** The choice this browser remembers (the switcher's, or the signed-in account's), if any. */
export function storedLocale(): UiLocale | null {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isUiLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: UiLocale): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage refused (a private window's quota): the choice lasts until the page is closed.
  }
}

/**
 * The language to show before anything else is known: `?lang=` in the address (a shared link, the
 * tests), else the stored choice, else the browser's languages, else English.
 */
export function initialLocale(): UiLocale {
  const asked = new URLSearchParams(window.location.search).get('lang');
  if (isUiLocale(asked)) {
    storeLocale(asked);
    return asked;
  }
  return storedLocale() ?? pickLanguage(navigator.languages ?? [navigator.language]);
}

export function directionOf(locale: UiLocale): 'ltr' | 'rtl' {
  return (RTL_LANGUAGES as readonly string[]).includes(locale) ? 'rtl' : 'ltr';
}

/** The `lang` and `dir` of the page, so screen readers, fonts and the layout follow the language. */
export function applyToDocument(locale: UiLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

export { LANGUAGES };
