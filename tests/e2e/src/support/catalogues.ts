import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';

/**
 * The web app's catalogues as the browser tests read them: a screen in German is driven with the
 * German text of the English message a test would use, so the tests follow the translations
 * instead of repeating them.
 */
const CATALOGUES = join(__dirname, '../../../../apps/web/src/i18n/catalogues');

type Catalogue = Record<string, string>;

function read(file: string): Catalogue {
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

const english = read(join(CATALOGUES, 'en.json'));
const byLanguage = new Map<string, Catalogue>();

function catalogue(language: string): Catalogue {
  let found = byLanguage.get(language);
  if (!found) {
    found = {};
    for (const area of readdirSync(CATALOGUES)) {
      const dir = join(CATALOGUES, area);
      if (!statSync(dir).isDirectory()) continue;
      try {
        Object.assign(found, read(join(dir, `${language}.json`)));
      } catch {
        // An area without this language: the check in lint reports it.
      }
    }
    byLanguage.set(language, found);
  }
  return found;
}

/** The ids whose English text is `text` (several screens may say the same). */
function idsOf(text: string): string[] {
  const ids = Object.keys(english).filter((id) => english[id] === text);
  if (ids.length === 0) throw new Error(`no message of the web app says "${text}" in English`);
  return ids;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The message in `language`, its placeholders filled with `values`: a pattern matching any of the
 * translations of that English text (one English word may be several messages, translated apart).
 */
export function translate(language: string, text: string, values: Record<string, string | number> = {}): RegExp {
  const translations = new Set<string>();
  for (const id of idsOf(text)) {
    const message = catalogue(language)[id];
    if (message === undefined) throw new Error(`"${text}" (${id}) has no ${language} translation`);
    translations.add(String(new IntlMessageFormat(message, language).format(values)));
  }
  return new RegExp(`^\\s*(?:${[...translations].map(escape).join('|')})\\s*$`);
}

/** A pattern matching the message in `language` whatever its placeholders hold (a price, a name). */
export function translatedPattern(language: string, text: string): RegExp {
  const [id] = idsOf(text);
  const message = catalogue(language)[id];
  if (message === undefined) throw new Error(`"${text}" (${id}) has no ${language} translation`);
  return new RegExp(`^\\s*${message.split(/\{[^{}]*\}/).map(escape).join('.+')}\\s*$`);
}
