import { IntlMessageFormat } from 'intl-messageformat';
import Negotiator from 'negotiator';
import { DEFAULT_SCANNER_LOCALE, SCANNER_LOCALES, ScannerLocale, ScannerMessageKey } from './catalogue';

/** Languages by their primary subtag: a scanner asking for pt-PT reads Brazilian Portuguese rather than English. */
const BY_PRIMARY: Record<string, ScannerLocale> = { en: 'en', de: 'de', fr: 'fr', es: 'es', pt: 'pt-BR', ja: 'ja', ar: 'ar' };
const PRIMARY_TAGS = Object.keys(BY_PRIMARY);
/** Distinct Accept-Language headers remembered; past this the memory starts again (browsers send few distinct ones). */
const MAX_REMEMBERED = 1000;
/** Longer headers are not read (no browser sends one); the page is in English. */
const MAX_HEADER_LENGTH = 512;

/**
 * The language of a scanner's page from their Accept-Language header (q-values, wildcards, region
 * subtags), chosen in process. Each distinct header is negotiated once: the pages' hot path pays a
 * Map lookup. A missing, malformed or unknown one gives English.
 */
export class ScannerLanguages {
  private readonly chosen = new Map<string, ScannerLocale>();

  of(header: string | string[] | undefined): ScannerLocale {
    const value = Array.isArray(header) ? header.join(',') : header;
    if (!value || value.length > MAX_HEADER_LENGTH) return DEFAULT_SCANNER_LOCALE;
    const known = this.chosen.get(value);
    if (known) return known;
    const locale = negotiate(value);
    if (this.chosen.size >= MAX_REMEMBERED) this.chosen.clear();
    this.chosen.set(value, locale);
    return locale;
  }
}

function negotiate(header: string): ScannerLocale {
  try {
    const tag = new Negotiator({ headers: { 'accept-language': header } }).language(PRIMARY_TAGS);
    return (tag && BY_PRIMARY[tag]) || DEFAULT_SCANNER_LOCALE;
  } catch {
    return DEFAULT_SCANNER_LOCALE;
  }
}

/** A language's messages, formatted (ICU) once; `dir` and `lang` for the page's html element. */
export interface ScannerText {
  lang: ScannerLocale;
  dir: 'ltr' | 'rtl';
  /** A message; with `values`, its placeholders filled (the values are text, never read as ICU). */
  t(key: ScannerMessageKey, values?: Record<string, string>): string;
}

export function scannerText(locale: ScannerLocale): ScannerText {
  const { messages, dir } = SCANNER_LOCALES[locale];
  const formats = new Map<ScannerMessageKey, IntlMessageFormat>();
  const plain = new Map<ScannerMessageKey, string>();
  for (const key of Object.keys(messages) as ScannerMessageKey[]) {
    const format = new IntlMessageFormat(messages[key], locale);
    formats.set(key, format);
    if (format.getAst().every((element) => element.type === 0)) plain.set(key, String(format.format()));
  }
  return {
    lang: locale,
    dir,
    t: (key, values) => (values ? String(formats.get(key)?.format(values) ?? key) : (plain.get(key) ?? key)),
  };
}

/** Every language's text, formatted once. */
export function scannerTexts(): Record<ScannerLocale, ScannerText> {
  return Object.fromEntries((Object.keys(SCANNER_LOCALES) as ScannerLocale[]).map((locale) => [locale, scannerText(locale)])) as Record<ScannerLocale, ScannerText>;
}
