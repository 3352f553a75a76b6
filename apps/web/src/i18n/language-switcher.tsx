import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@qrd/contracts';
import { useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { api } from '../lib/api-client';
import { useKnownUser, useSetUser } from '../lib/auth';
import type { User } from '../lib/user';
import { useLanguage } from './i18n-provider';
import { PSEUDO_LOCALE } from './language';

/** The account's stored language, once the server sends it. */
function accountLanguage(user: { id: string; language?: string | null } | null | undefined): Language | null {
  const value = user?.language;
  return isLanguage(value) ? value : null;
}

/**
 * The signed-in account's language wins over this browser's: signing in on a new computer shows
 * the language chosen on another one (the pseudo-language of the tests is left alone).
 */
export function AccountLanguageSync() {
  const user = useKnownUser();
  const { locale, setLocale } = useLanguage();
  const stored = accountLanguage(user);
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (!stored || locale === PSEUDO_LOCALE || applied.current === `${user?.id}:${stored}`) return;
    applied.current = `${user?.id}:${stored}`;
    if (stored !== locale) void setLocale(stored);
  }, [stored, locale, setLocale, user?.id]);
  return null;
}

/**
 * Chooses the app's language: shown at once, remembered in this browser, and stored on the account
 * when someone is signed in (their mail follows it).
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const intl = useIntl();
  const id = useId();
  const { locale, setLocale } = useLanguage();
  const user = useKnownUser();
  const setUser = useSetUser();
  const choose = async (language: Language) => {
    await setLocale(language);
    if (user && accountLanguage(user) !== language) {
      try {
        setUser(await api.patch<User>('/api/profile', { language }));
      } catch {
        // The page is already in the new language; the account keeps its old one until the next change.
      }
    }
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {intl.formatMessage({ id: 'i18n.switcher.label', defaultMessage: 'Language' })}
      </label>
      <select
        id={id}
        value={isLanguage(locale) ? locale : 'en'}
        onChange={(event) => void choose(event.target.value as Language)}
        className="h-9 rounded-md border border-input bg-background px-2 text-sm text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
