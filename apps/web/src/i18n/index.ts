export { I18nProvider, useLanguage } from './i18n-provider';
export { AccountLanguageSync, LanguageSwitcher } from './language-switcher';
export { initialLocale, applyToDocument, directionOf, PSEUDO_LOCALE, type UiLocale } from './language';
export type { Messages } from './catalogues';
