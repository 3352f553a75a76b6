import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { useAccountRangeAnalytics, viewerTimeZone } from '../api/analytics';
import { rangeLabel } from '../lib/date-range';
import { formatCount, growth } from '../lib/figures';
import { BreakdownsGrid } from './breakdowns-grid';
import { ChangeBadge } from './change-badge';
import { CodeComparisonTable } from './code-comparison-table';
import { DateRangePicker, initialRange, type RangeChoice } from './date-range-picker';
import { QueryState } from '../../../components/query-state';
import { ANALYTICS_READ } from '../lib/read-state';
import { FolderConversionsCard } from './folder-conversions-card';
import { ScanPatternsCards } from './scan-patterns';
import { ScansChart } from './scans-chart';
import { StatCard } from './stat-card';
import { SummaryCards } from './summary-cards';

/** The dashboard's Analytics tab: the account's real figures for a chosen period, against the one before. */
export function DashboardAnalytics() {
  const tz = viewerTimeZone();
  const [range, setRange] = useState<RangeChoice>(() => initialRange('30d', tz));
  const query = useAccountRangeAnalytics(range);
  const analytics = query.data;
  if (!analytics) return <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...ANALYTICS_READ} />;
  const change = growth(analytics.thisMonth, analytics.previousMonth);
  const previous = analytics.previous;
  const previousLabel = previous ? rangeLabel(previous) : '';
  const shown = rangeLabel(analytics);

  return (
    <div className="grid grid-cols-1 gap-6">
      <SummaryCards analytics={analytics} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label="This month" value={formatCount(analytics.thisMonth)} hint={change ? `${change} on last month` : 'No scans last month to compare with'} />
        <StatCard label="Last month" value={formatCount(analytics.previousMonth)} />
        <StatCard label="Unique scanners" value={formatCount(analytics.uniqueScans30Days)} hint="Last 30 days, one per visitor and day" />
      </div>
      <section aria-labelledby="period-heading" className="grid grid-cols-1 gap-6">
        <h2 id="period-heading" className="text-lg font-semibold">
          Scans in a period
        </h2>
        <DateRangePicker value={range} onChange={setRange} tz={tz} />
        <div className="grid gap-4 sm:grid-cols-2">
          <StatCard
            label="Scans in period"
            value={<>{formatCount(analytics.scans)} {previous && <ChangeBadge change={previous.change.scans} previous={previousLabel} />}</>}
            hint={previous ? `${formatCount(previous.scans)} in ${previousLabel}` : shown}
          />
          <StatCard
            label="Unique scanners in period"
            value={<>{formatCount(analytics.uniqueScans)} {previous && <ChangeBadge change={previous.change.uniqueScans} previous={previousLabel} />}</>}
            hint={previous ? `${formatCount(previous.uniqueScans)} in ${previousLabel}` : shown}
          />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Scans {analytics.granularity === 'hour' ? 'by hour' : 'by day'}</CardTitle>
            <CardDescription>
              {shown}, in your time zone ({analytics.tz}). Bots and link previews ({formatCount(analytics.botScans)} so far) are not counted.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ScansChart series={analytics.series} label={`Scans by ${analytics.granularity} from ${analytics.from} to ${analytics.to}`} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your QR codes in this period</CardTitle>
            <CardDescription>Each code against the period before; sort by any column.</CardDescription>
          </CardHeader>
          <CardContent>
            <CodeComparisonTable range={range} />
          </CardContent>
        </Card>
        {analytics.conversionsByFolder && analytics.conversionsByFolder.length > 0 && <FolderConversionsCard folders={analytics.conversionsByFolder} period={shown} />}
        <ScanPatternsCards codeId={null} range={range} />
      </section>
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
              <ol className="grid grid-cols-1 gap-2">
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
            <CardDescription>{shown}</CardDescription>
          </CardHeader>
          <CardContent>
            <BreakdownsGrid breakdowns={analytics} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
