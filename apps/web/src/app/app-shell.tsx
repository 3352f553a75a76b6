// The layout of every page with the site's header, filled with the features that belong on every page.
import { MainLayout } from '../components/layout/main-layout';
import { PastDueBanner } from '../features/billing/components/past-due-banner';
import { usePageVisits } from '../features/page-visits/hooks/use-page-visits';

export function AppShell() {
  usePageVisits();
  return <MainLayout banners={<PastDueBanner />} />;
}
