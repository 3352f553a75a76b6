import { useIntl } from 'react-intl';
import { AbuseQueue } from '../../features/abuse';
import { AdminDomains } from '../../features/admin/components/admin-domains';
import { AdminHeader } from '../../features/admin/components/admin-header';
import { AdminUsers } from '../../features/admin/components/admin-users';
import { AdminWorkspaces } from '../../features/admin/components/admin-workspaces';
import { AnalyticsOverview } from '../../features/admin/components/analytics-overview';
import { Reconciliation } from '../../features/admin/components/reconciliation';
import { RevenueSummary } from '../../features/admin/components/revenue-summary';
import { SeoKeywords } from '../../features/admin/components/seo-keywords';
import { usePageTitle } from '../../hooks/use-page-title';
import { useUser } from '../../lib/auth';

export default function AdminRoute() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'analytics.admin.header.title', defaultMessage: 'Admin' }));
  const { data: user } = useUser();
  // RequireAdmin renders this route only for admin and superadmin.
  if (!user) return null;
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10 sm:px-6 sm:py-12 lg:px-8">
      <AdminHeader user={user} />
      <RevenueSummary />
      <AdminUsers viewer={user} />
      <AdminWorkspaces />
      <AdminDomains />
      <AnalyticsOverview />
      <AbuseQueue />
      <Reconciliation />
      <SeoKeywords />
    </div>
  );
}
