import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
// The dashboard composes the analytics feature's tab (its own screen, so the import is the route's).
import { loadDashboardAnalytics } from '../../analytics';

// Each tab's code is downloaded when the tab is opened: the codes list shows its first card without
// the charts' or the activity feed's code.
const DashboardAnalytics = lazy(() => loadDashboardAnalytics().then((m) => ({ default: m.DashboardAnalytics })));
const ActivityFeed = lazy(() => import('./activity-feed').then((m) => ({ default: m.ActivityFeed })));

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner /> <FormattedMessage id="codesList.tabs.loading" defaultMessage="Loading..." />
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

export function AnalyticsTab() {
  return (
    <Loading>
      <DashboardAnalytics />
    </Loading>
  );
}

export function ActivityTab() {
  return (
    <Loading>
      <ActivityFeed />
    </Loading>
  );
}
