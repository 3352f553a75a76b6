import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Messages } from '../i18n/catalogues';
import type { UiLocale } from '../i18n/language';

/**
 * `loadMessages` of src/i18n/catalogues.ts for the component tests: the same catalogue files, read
 * from disk (Jest has no `import.meta.glob`). The messages stay ICU text, parsed as they are used.
 */
const CATALOGUES = join(__dirname, '../i18n/catalogues');

export async function loadMessages(locale: UiLocale): Promise<Messages> {
  if (locale === 'en' || locale === 'en-XA') return {};
  const messages: Record<string, string> = {};
  for (const area of readdirSync(CATALOGUES)) {
    const file = join(CATALOGUES, area, `${locale}.json`);
    if (!statSync(join(CATALOGUES, area)).isDirectory()) continue;
    try {
      Object.assign(messages, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    } catch {
      // An area not translated into this language: its messages show in English.
    }
  }
  return messages;
}
