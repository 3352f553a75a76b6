import { Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { Footer } from './footer';
import { FullScreenSpinner } from './full-screen-spinner';
import { TopBar } from './top-bar';
import { useScrollManager } from './use-scroll-manager';

/**
 * The site's frame: skip link, top bar, the page and the footer. `banners` are shown under the
 * top bar on every page, `topBarItems` in the top bar beside the account menu (app/ decides
 * which; this layout knows no feature).
 */
export function MainLayout({ banners, topBarItems }: { banners?: ReactNode; topBarItems?: ReactNode }) {
  useScrollManager();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        <FormattedMessage id="site.mainLayout.skipToContent" defaultMessage="Skip to content" />
      </a>
      <TopBar items={topBarItems} />
      {banners}
      <main id="main" className="flex-1">
        <Suspense fallback={<FullScreenSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
