import type { MessageFormatElement } from 'react-intl';
import type { UiLocale } from './language';
import { PSEUDO_LOCALE } from './language';

export type Messages = Record<string, string> | Record<string, MessageFormatElement[]>;

/**
 * Each area's catalogue of a language (`catalogues/<area>/<language>.json`, parsed at build time), loaded on demand so
 * a visitor downloads only their language's. English needs none: the messages' English text is
 * their `defaultMessage` in the code (extracted to `catalogues/en.json` by `npm run i18n:extract`).
 */
const AREA_FILES = import.meta.glob<Messages>('./catalogues/*/*.json', { import: 'default' });

export async function loadMessages(locale: UiLocale): Promise<Messages> {
  if (locale === 'en') return {};
  if (locale === PSEUDO_LOCALE) return (await import('./pseudo')).pseudoMessages();
  const loads = Object.entries(AREA_FILES)
    .filter(([file]) => file.endsWith(`/${locale}.json`))
    .map(([, load]) => load());
  return Object.assign({}, ...(await Promise.all(loads))) as Messages;
}
