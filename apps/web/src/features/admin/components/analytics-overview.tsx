import { ChartColumn } from 'lucide-react';
import { useCodeOverview, usePageVisitCounts, useRevenue } from '../api/admin-overview';
import { useAdminUsers } from '../api/admin-users';
import { formatCount, pageViewRows, pageViewTotals } from '../api/format';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { Stat } from './stat';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** Users, subscriptions, codes, scans and page views, all from the services (no samples). */
export function AnalyticsOverview() {
  const revenue = useRevenue();
  // The users table's first page: the same cached request, whose total counts every account.
  const users = useAdminUsers({ page: 1, search: '' });
  const codes = useCodeOverview();
  const visits = usePageVisitCounts();
  const totals = visits.data ? pageViewTotals(visits.data) : undefined;
  const rows = visits.data ? pageViewRows(visits.data) : [];
  const scansToday = codes.data?.scansToday;
  const deadLettered = codes.data?.deadLetteredScans;

  return (
    <AdminCard
      id="analytics"
      title="Analytics Overview"
      icon={<ChartColumn className="size-5 text-primary" aria-hidden="true" />}
      description="Human scans only: bots and link previews are left out."
    >
      <div className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat label="Users" value={formatCount(revenue.data?.totalUsers ?? users.data?.total)} />
          <Stat label="Active subscriptions" value={formatCount(revenue.data?.activeSubscriptions)} />
          <Stat label="QR codes" value={formatCount(codes.data?.total)} />
          <Stat label="Total scans" value={formatCount(codes.data?.totalScans)} />
          {typeof scansToday === 'number' && <Stat label="Scans today" value={formatCount(scansToday)} />}
          <Stat label="Scans, last 30 days" value={formatCount(codes.data?.scansLast30Days)} />
          <Stat label="Total page views" value={formatCount(totals?.total)} />
          <Stat label="Homepage views" value={formatCount(totals?.homepage)} />
          {typeof deadLettered === 'number' && deadLettered > 0 && (
            <Stat label="Scans that could not be stored" value={formatCount(deadLettered)} />
          )}
        </dl>
        <QueryState isLoading={codes.isLoading} error={codes.error} onRetry={() => void codes.refetch()} loading="Loading code figures..." failure={couldNotLoad('code figures')} />
        <div>
          <h3 className="text-base font-semibold">Page views</h3>
          <p className="text-sm text-muted-foreground">Views per page of this website; ids are folded, so every code's edit page counts as one.</p>
          <div className="mt-3">
            <QueryState isLoading={visits.isLoading} error={visits.error} onRetry={() => void visits.refetch()} loading="Loading page views..." failure={couldNotLoad('page views')} />
            {visits.data && rows.length === 0 && <p className="text-sm text-muted-foreground">No page views recorded yet.</p>}
            {rows.length > 0 && (
              <ScrollRegion label="Page views per page">
                <table className="w-full text-sm" aria-label="Page views per page">
                  <thead className="bg-muted/60 text-left">
                    <tr>
                      <th scope="col" className="px-4 py-2 font-medium">Page</th>
                      <th scope="col" className="px-4 py-2 text-right font-medium">Views</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {rows.map((row) => (
                      <tr key={row.path}>
                        <td className="px-4 py-2 font-mono text-xs break-all">{row.path}</td>
                        <td className="px-4 py-2 text-right tabular-nums">{formatCount(row.views)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </div>
        </div>
      </div>
    </AdminCard>
  );
}
