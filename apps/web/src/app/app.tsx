import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Messages, UiLocale } from '../i18n';
import { createQueryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createRoutes } from './router';

export function App({ language }: { language: { locale: UiLocale; messages: Messages } }) {
  // One cache for the screens and the routes' loaders, which fill it as a navigation starts.
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(createRoutes(queryClient)));
  return (
    <AppProvider queryClient={queryClient} language={language}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
