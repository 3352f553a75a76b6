import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PastDueBanner } from '../../features/billing/components/past-due-banner';
import { usePageVisits } from '../../features/page-visits/hooks/use-page-visits';
import { Footer } from './footer';
import { FullScreenSpinner } from './full-screen-spinner';
import { TopBar } from './top-bar';
import { useScrollManager } from './use-scroll-manager';

export function MainLayout() {
  useScrollManager();
  usePageVisits();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar />
      <PastDueBanner />
      <main id="main" className="flex-1">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
