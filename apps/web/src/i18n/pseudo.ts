import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import english from './catalogues/en.json';

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ĺ', m: 'ɱ',
  n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ', K: 'Ķ', L: 'Ĺ', M: 'Ṁ',
  N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/**
 * Accented letters, each word lengthened by about 40 % (German and French run that much longer than
 * English), so text that would not fit its box in a longer language does not fit here either, while
 * lines still break between words.
 */
export function pseudoText(text: string): string {
  return text.replace(/[a-zA-Z]+/g, (word) => [...word].map((letter) => ACCENTED[letter] ?? letter).join('') + '·'.repeat(Math.ceil(word.length * 0.4)));
}

/** A parsed message with its text in the pseudo-language; placeholders, plurals and tags kept. */
export function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options).map(([key, option]) => [key, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options };
    }
    return element;
  });
}

/**
 * Every message of the app in the pseudo-language, wrapped in ⟦ ⟧ so a message's edges show. The
 * English catalogue arrives parsed (the build compiles catalogues, see vite.config.ts).
 */
export function pseudoMessages(): Record<string, MessageFormatElement[]> {
  const parsed = english as unknown as Record<string, MessageFormatElement[]>;
  const messages: Record<string, MessageFormatElement[]> = {};
  for (const [id, ast] of Object.entries(parsed)) {
    messages[id] = [{ type: TYPE.literal, value: '⟦' }, ...pseudoElements(ast), { type: TYPE.literal, value: '⟧' }];
  }
  return messages;
}
