import { IntlMessageFormat } from 'intl-messageformat';
import { Currency, DEFAULT_LANGUAGE, formatMoney, isLanguage, Language, RTL_LANGUAGES } from '@qrd/contracts';
import { MAIL_LOCALES } from './catalogue';
import { MailMessageKey } from './en';

/** A placeholder's value: text (never read as ICU: braces stay braces) or a number (plurals, counts). */
export type MailValues = Record<string, string | number>;
/** The addresses of a message's link tags, by tag name (`<link>…</link>` takes `{ link: url }`). */
export type MailLinks = Record<string, string>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** What a tag renders to in the HTML part: markup, not escaped again. */
interface Markup {
  html: string;
}

function markupOf(chunks: (string | Markup)[]): string {
  return chunks.map((chunk) => (typeof chunk === 'string' ? escapeHtml(chunk) : chunk.html)).join('');
}

/**
 * The words and formats of one language for a mail: its messages (ICU, compiled once a language),
 * and its dates, numbers and money through Intl. `text` gives a message for the plain-text part,
 * `html` the same message escaped for the HTML part, its tags turned into markup.
 */
export interface MailText {
  readonly language: Language;
  readonly dir: 'ltr' | 'rtl';
  text(key: MailMessageKey, values?: MailValues, links?: MailLinks): string;
  html(key: MailMessageKey, values?: MailValues, links?: MailLinks): string;
  /** A calendar day, e.g. "Mar 5, 2026" (a date of the UTC calendar). */
  day(date: Date | string): string;
  /** A moment, with its time in UTC. */
  moment(date: Date): string;
  /** A whole or decimal number, e.g. "1,234". */
  number(value: number): string;
  /** A change in percent, signed: "+33.3%", "-25%". */
  percent(change: number): string;
  /** An amount in minor units, e.g. "$3.49", "-$5.12", "3,49 $US". */
  money(minor: number, currency: Currency): string;
  /** The HTML document around a mail's body, in the language's direction. */
  document(body: string, footer?: string): string;
}

class CompiledMailText implements MailText {
  readonly dir: 'ltr' | 'rtl';
  private readonly formats = new Map<MailMessageKey, IntlMessageFormat>();
  private readonly dayFormat: Intl.DateTimeFormat;
  private readonly momentFormat: Intl.DateTimeFormat | null;
  private readonly numberFormat: Intl.NumberFormat;
  private readonly percentFormat: Intl.NumberFormat;

  constructor(readonly language: Language) {
    this.dir = RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
    const messages = MAIL_LOCALES[language];
    for (const key of Object.keys(messages) as MailMessageKey[]) this.formats.set(key, new IntlMessageFormat(messages[key], language));
    this.dayFormat = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    // English mail writes a moment as the Internet does ("Thu, 03 Dec 2026 10:00:00 GMT"); the
    // others in their own words, in UTC.
    this.momentFormat =
      language === DEFAULT_LANGUAGE ? null : new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'long', timeZone: 'UTC' });
    this.numberFormat = new Intl.NumberFormat(language);
    this.percentFormat = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  }

  text(key: MailMessageKey, values: MailValues = {}, links: MailLinks = {}): string {
    const tags: Record<string, (chunks: string[]) => string> = { b: (chunks) => chunks.join('') };
    for (const [tag, url] of Object.entries(links)) tags[tag] = (chunks) => `${chunks.join('')} (${url})`;
    return String(this.format(key).format<string>({ ...values, ...tags }));
  }

  html(key: MailMessageKey, values: MailValues = {}, links: MailLinks = {}): string {
    const tags: Record<string, (chunks: (string | Markup)[]) => Markup> = {
      b: (chunks) => ({ html: `<strong>${markupOf(chunks)}</strong>` }),
    };
    for (const [tag, url] of Object.entries(links)) tags[tag] = (chunks) => ({ html: `<a href="${escapeHtml(url)}">${markupOf(chunks)}</a>` });
    const parts = this.format(key).formatToParts<Markup>({ ...values, ...tags });
    return markupOf(parts.map((part) => part.value as string | Markup));
  }

  day(date: Date | string): string {
    return this.dayFormat.format(typeof date === 'string' ? new Date(date) : date);
  }

  moment(date: Date): string {
    return this.momentFormat ? this.momentFormat.format(date) : date.toUTCString();
  }

  number(value: number): string {
    return this.numberFormat.format(value);
  }

  percent(change: number): string {
    return this.percentFormat.format(change / 100);
  }

  money(minor: number, currency: Currency): string {
    return formatMoney(minor, currency, this.language);
  }

  document(body: string, footer = escapeHtml(this.text('brand'))): string {
    return (
      `<!doctype html><html lang="${this.language}" dir="${this.dir}"><head><meta charset="utf-8"></head>` +
      `<body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:auto;padding:24px">${body}` +
      `<p style="color:#666;font-size:12px;margin-top:32px">${footer}</p></body></html>`
    );
  }

  private format(key: MailMessageKey): IntlMessageFormat {
    const format = this.formats.get(key);
    if (!format) throw new Error(`No mail message "${key}"`);
    return format;
  }
}

const compiled = new Map<Language, MailText>();

/** The mail text of a recipient's language; English for none chosen or one the product does not speak. */
export function mailText(language: unknown): MailText {
  const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let text = compiled.get(chosen);
  if (!text) {
    text = new CompiledMailText(chosen);
    compiled.set(chosen, text);
  }
  return text;
}
