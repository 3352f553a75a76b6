import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from '../components/theme/theme-provider';
import { Toaster } from '../components/ui/toaster';
import { AccountLanguageSync, I18nProvider, type Messages, type UiLocale } from '../i18n';

export function AppProvider({
  queryClient,
  language,
  children,
}: {
  queryClient: QueryClient;
  language: { locale: UiLocale; messages: Messages };
  children: ReactNode;
}) {
  return (
    <I18nProvider initial={language}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AccountLanguageSync />
          {children}
          <Toaster />
        </QueryClientProvider>
      </ThemeProvider>
    </I18nProvider>
  );
}
