import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGES, Language } from '@qrd/contracts';
import { MAIL_LOCALES, MAIL_MESSAGES_EN, MailMessageKey } from './catalogue';

type Element = ReturnType<IntlMessageFormat['getAst']>[number];

/** Words that are the same in English and in that language (the brand is never translated). */
const SAME_AS_ENGLISH: Partial<Record<Language, MailMessageKey[]>> = {
  de: ['linkLine', 'billing.receipt.line'],
  es: ['linkLine', 'billing.receipt.line', 'role.editor'],
  'pt-BR': ['linkLine', 'billing.receipt.line', 'role.editor'],
  ar: ['linkLine', 'billing.receipt.line'],
};

/** The names of a message's placeholders and tags, wherever they are (in plural branches too). */
function names(elements: Element[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if ('value' in element && element.type !== 0) found.add(`${element.type === 8 ? '<>' : ''}${String(element.value)}`);
    if ('options' in element) for (const option of Object.values(element.options)) names(option.value, found);
    if ('children' in element) names(element.children, found);
  }
  return found;
}

function namesOf(message: string, language: string): string[] {
  return [...names(new IntlMessageFormat(message, language).getAst())].sort();
}

/** A value for each placeholder: numbers for plurals, text for the others; a link for each tag. */
function valuesFor(message: string, language: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of namesOf(message, language)) {
    if (name.startsWith('<>')) values[name.slice(2)] = (chunks: string[]) => `[${chunks.join('')}]`;
    else values[name] = `‹${name}›`;
  }
  const plurals = (elements: Element[]): void => {
    for (const element of elements) {
      if (element.type === 6) values[element.value] = 3;
      if ('options' in element) for (const option of Object.values(element.options)) plurals(option.value);
      if ('children' in element) plurals(element.children);
    }
  };
  plurals(new IntlMessageFormat(message, language).getAst());
  return values;
}

describe('the mail catalogue', () => {
  it.each(LANGUAGES)('%s holds every key of the English catalogue, and only those', (language) => {
    expect(Object.keys(MAIL_LOCALES[language]).sort()).toEqual(Object.keys(MAIL_MESSAGES_EN).sort());
  });

  it.each(LANGUAGES)('%s: every message is valid ICU with the placeholders and tags of the English one, and formats', (language) => {
    for (const [key, message] of Object.entries(MAIL_LOCALES[language]) as [MailMessageKey, string][]) {
      expect({ key, names: namesOf(message, language) }).toEqual({ key, names: namesOf(MAIL_MESSAGES_EN[key], 'en') });
      for (const count of [0, 1, 2, 3, 11, 100]) {
        const values = valuesFor(message, language);
        for (const name of Object.keys(values)) if (values[name] === 3) values[name] = count;
        const formatted = new IntlMessageFormat(message, language).format(values as Record<string, string>);
        expect(typeof formatted === 'string' && formatted.trim() !== '' && !/[{}]/.test(formatted)).toBe(true);
      }
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s is translated, not English left in place', (language) => {
    const same = (Object.entries(MAIL_LOCALES[language]) as [MailMessageKey, string][]).filter(
      ([key, message]) => key !== 'brand' && !SAME_AS_ENGLISH[language]?.includes(key) && message === MAIL_MESSAGES_EN[key],
    );
    expect(same).toEqual([]);
  });

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has no sentence of English inside a translated message', (language) => {
    // Long runs of English words (four or more) only happen where a message was left half done.
    const english = /\b(the|your|you|this|that|and|has been|will|with|to|of)\b(\s+[a-z]+){3,}/i;
    const leftovers = (Object.entries(MAIL_LOCALES[language]) as [MailMessageKey, string][]).filter(([, message]) => english.test(message.replace(/\{[^{}]*\}/g, '')));
    expect(leftovers).toEqual([]);
  });
});
