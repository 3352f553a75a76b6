// The layout of every page with the site's header, filled with the features that belong on every page.
import { MainLayout } from '../components/layout/main-layout';
import { PastDueBanner } from '../features/billing/components/past-due-banner';
import { usePageVisits } from '../features/page-visits/hooks/use-page-visits';
import { lazy, Suspense } from 'react';
import { useWorkspaceId } from '../hooks/use-workspace-id';
import { useUser } from '../lib/auth';

// Signed-in pages only: its menu's code stays out of the landing page's.
const WorkspaceSwitcher = lazy(() => import('../features/workspaces/components/workspace-switcher').then((m) => ({ default: m.WorkspaceSwitcher })));

export function AppShell() {
  usePageVisits();
  const { data: user } = useUser();
  // Only for members of more than their own workspace: nobody else loads its code.
  const shared = useWorkspaceId() !== null;
  const switcher = user && ((user.workspaceCount ?? 1) > 1 || shared) ? (
    <Suspense fallback={null}>
      <WorkspaceSwitcher />
    </Suspense>
  ) : null;
  return <MainLayout banners={<PastDueBanner />} topBarItems={switcher} />;
}
