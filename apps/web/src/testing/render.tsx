import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { Toaster } from '../components/ui/toaster';
import { I18nProvider } from '../i18n/i18n-provider';
import { createQueryClient } from '../lib/query-client';

interface RenderOptions {
  /** Where the app is (the path the element is shown at). */
  path?: string;
  /** The route pattern the element is mounted on, for screens that read params (`/edit-qr/:id`). */
  route?: string;
  /** History state the screen arrives with (what a `navigate(to, { state })` before it passed). */
  state?: unknown;
}

export interface AppRender extends RenderResult {
  queryClient: QueryClient;
  /** The current location, to assert where a screen navigated. */
  pathname: () => string;
  search: () => string;
}

function LocationProbe({ seen }: { seen: { current: Location | null } }) {
  seen.current = useLocation();
  return null;
}

/**
 * Renders `ui` the way the app does: English messages, the real query client (spec defaults), a
 * router and the toast area. Other paths render nothing, so a navigation away is seen as `pathname()`.
 */
export function renderWithApp(ui: ReactElement, { path = '/', route, state }: RenderOptions = {}): AppRender {
  const queryClient = createQueryClient();
  const seen: { current: Location | null } = { current: null };
  const result = render(
    <I18nProvider initial={{ locale: 'en', messages: {} }}>
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <Routes>
          <Route path={route ?? path.split('?')[0]} element={ui} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe seen={seen} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
    </I18nProvider>,
  );
  return {
    ...result,
    queryClient,
    pathname: () => seen.current?.pathname ?? '',
    search: () => seen.current?.search ?? '',
  };
}
