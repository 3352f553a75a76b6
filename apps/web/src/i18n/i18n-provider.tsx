import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from './catalogues';
import { applyToDocument, storeLocale, type UiLocale } from './language';
import { setServerTranslator } from './server-text';

interface LanguageState {
  /** The language the app is shown in. */
  locale: UiLocale;
  /** Shows the app in another language (its catalogue loaded first) and remembers the choice in this browser. */
  setLocale(locale: UiLocale): Promise<void>;
}

const LanguageContext = createContext<LanguageState>({ locale: 'en', setLocale: async () => undefined });

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

function reportIntlError(error: { code?: string; message: string }): void {
  // A message missing from a catalogue shows its English text; the check in CI keeps catalogues whole.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error.message);
}

/** Points `serverText` at the shown language (the translations load on demand; none for English). */
function ServerTextSync() {
  const intl = useIntl();
  useEffect(() => {
    if (intl.locale === 'en') {
      setServerTranslator(null);
      return;
    }
    let current = true;
    void import('./server-messages').then(({ translateServerMessage }) => {
      if (current) setServerTranslator((text) => translateServerMessage(text, intl));
    });
    return () => {
      current = false;
    };
  }, [intl]);
  return null;
}

/**
 * The app's messages, numbers and dates in one language. `initial` was chosen (and its catalogue
 * loaded) before the first render, so a German visitor never sees an English flash.
 */
export function I18nProvider({ initial, children }: { initial: { locale: UiLocale; messages: Messages }; children: ReactNode }) {
  const [current, setCurrent] = useState(initial);
  useEffect(() => applyToDocument(current.locale), [current.locale]);
  const setLocale = useCallback(async (locale: UiLocale) => {
    storeLocale(locale);
    const { loadMessages } = await import('./catalogues');
    const messages = await loadMessages(locale);
    setCurrent({ locale, messages });
  }, []);
  const state = useMemo(() => ({ locale: current.locale, setLocale }), [current.locale, setLocale]);
  return (
    <LanguageContext.Provider value={state}>
      <IntlProvider locale={current.locale} defaultLocale="en" messages={current.messages} onError={reportIntlError}>
        <ServerTextSync />
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
