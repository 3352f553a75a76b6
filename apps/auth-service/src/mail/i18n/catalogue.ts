import type { Language } from '@qrd/contracts';
import { ar } from './ar';
import { de } from './de';
import { MAIL_MESSAGES_EN, MailCatalogue } from './en';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';
import { ptBR } from './pt-br';

export { MAIL_MESSAGES_EN } from './en';
export type { MailCatalogue, MailMessageKey } from './en';

/**
 * The mail catalogue of every language the product speaks, English first (the source and the
 * fallback). A language the product speaks without a catalogue here, or a catalogue missing a
 * key, does not compile.
 */
export const MAIL_LOCALES: Record<Language, MailCatalogue> = {
  en: MAIL_MESSAGES_EN,
  de,
  fr,
  es,
  'pt-BR': ptBR,
  ja,
  ar,
};
