import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { useAccountAnalytics } from '../api/analytics';
import { formatCount, growth } from '../lib/figures';
import { BreakdownsGrid } from './breakdowns-grid';
import { QueryState } from './query-state';
import { ScansChart } from './scans-chart';
import { StatCard } from './stat-card';
import { SummaryCards } from './summary-cards';

/** The dashboard's Analytics tab: the account's real figures (the spec's samples are gone). */
export function DashboardAnalytics() {
  const query = useAccountAnalytics();
  const analytics = query.data;
  if (!analytics) return <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} />;
  const change = growth(analytics.thisMonth, analytics.previousMonth);

  return (
    <div className="grid gap-6">
      <SummaryCards analytics={analytics} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="This month" value={formatCount(analytics.thisMonth)} hint={change ? `${change} on last month` : 'No scans last month to compare with'} />
        <StatCard label="Last month" value={formatCount(analytics.previousMonth)} />
        <StatCard label="Unique scanners" value={formatCount(analytics.uniqueScans30Days)} hint="Last 30 days, one per visitor and day" />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Scans, last 30 days</CardTitle>
          <CardDescription>
            By day in your time zone ({analytics.tz}). Bots and link previews ({formatCount(analytics.botScans)} so far) are not counted.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScansChart series={analytics.series} label="Scans per day over the last 30 days" />
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Top QR codes</CardTitle>
            <CardDescription>All time</CardDescription>
          </CardHeader>
          <CardContent>
            {analytics.topCodes.length === 0 ? (
              <p className="text-sm text-muted-foreground">No scans yet.</p>
            ) : (
              <ol className="grid gap-2">
                {analytics.topCodes.map((code) => (
                  <li key={code.codeId} className="flex items-center justify-between gap-2 text-sm">
                    <Link to={`${paths.editQr(code.codeId)}?tab=analytics`} className="truncate underline-offset-4 hover:underline">
                      {code.name}
                    </Link>
                    <span className="tabular-nums text-muted-foreground">{formatCount(code.scans)}</span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Where and how people scan</CardTitle>
            <CardDescription>Last 30 days</CardDescription>
          </CardHeader>
          <CardContent>
            <BreakdownsGrid breakdowns={analytics} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
