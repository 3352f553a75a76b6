import { IntlMessageFormat } from 'intl-messageformat';
import { SCANNER_LOCALES, SCANNER_MESSAGES_EN, ScannerLocale, ScannerMessageKey } from './catalogue';

const LOCALES = Object.keys(SCANNER_LOCALES) as ScannerLocale[];
/** Words that are the same in English and in that language (the brand is never translated). */
const SAME_AS_ENGLISH: Partial<Record<ScannerLocale, ScannerMessageKey[]>> = { fr: ['hosted.contact'] };

/** The names of a message's placeholders, in order of appearance. */
function placeholders(message: string, locale: string): string[] {
  return new IntlMessageFormat(message, locale)
    .getAst()
    .flatMap((element) => ('value' in element && element.type !== 0 ? [String(element.value)] : []))
    .sort();
}

describe('the scanner pages catalogue', () => {
  it.each(LOCALES)('%s holds every key of the English catalogue, and only those', (locale) => {
    expect(Object.keys(SCANNER_LOCALES[locale].messages).sort()).toEqual(Object.keys(SCANNER_MESSAGES_EN).sort());
  });

  it.each(LOCALES)('%s: every message is valid ICU with the placeholders of the English one, and formats', (locale) => {
    for (const [key, message] of Object.entries(SCANNER_LOCALES[locale].messages) as [ScannerMessageKey, string][]) {
      const names = placeholders(message, locale);
      expect({ key, names }).toEqual({ key, names: placeholders(SCANNER_MESSAGES_EN[key], 'en') });
      const values = Object.fromEntries(names.map((name) => [name, `<${name}>`]));
      expect(String(new IntlMessageFormat(message, locale).format(values)).trim()).not.toBe('');
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is translated, not English left in place', (locale) => {
    const same = (Object.entries(SCANNER_LOCALES[locale].messages) as [ScannerMessageKey, string][]).filter(
      ([key, message]) => key !== 'brand' && !SAME_AS_ENGLISH[locale]?.includes(key) && message === SCANNER_MESSAGES_EN[key],
    );
    expect(same).toEqual([]);
  });
});
