import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { useAccountRangeAnalytics, viewerTimeZone } from '../api/analytics';
import { rangeLabel } from '../lib/date-range';
import { dayName, growth } from '../lib/figures';
import { BreakdownsGrid } from './breakdowns-grid';
import { ChangeBadge } from './change-badge';
import { CodeComparisonTable } from './code-comparison-table';
import { DateRangePicker, initialRange, type RangeChoice } from './date-range-picker';
import { QueryState } from '../../../components/query-state';
import { analyticsRead } from '../lib/read-state';
import { FolderConversionsCard } from './folder-conversions-card';
import { ScanPatternsCards } from './scan-patterns';
import { ScansChart } from './scans-chart';
import { StatCard } from './stat-card';
import { SummaryCards } from './summary-cards';

const messages = defineMessages<string>({
  thisMonth: { id: 'analytics.dashboard.thisMonth', defaultMessage: 'This month' },
  onLastMonth: { id: 'analytics.dashboard.onLastMonth', defaultMessage: '{change} on last month' },
  noLastMonth: { id: 'analytics.dashboard.noLastMonth', defaultMessage: 'No scans last month to compare with' },
  lastMonth: { id: 'analytics.dashboard.lastMonth', defaultMessage: 'Last month' },
  uniqueScanners: { id: 'analytics.code.uniqueScannersHead', defaultMessage: 'Unique scanners' },
  uniqueHint: { id: 'analytics.dashboard.uniqueHint', defaultMessage: 'Last 30 days, one per visitor and day' },
  scansInPeriod: { id: 'analytics.dashboard.scansInPeriod', defaultMessage: 'Scans in period' },
  uniqueInPeriod: { id: 'analytics.dashboard.uniqueInPeriod', defaultMessage: 'Unique scanners in period' },
  inPrevious: { id: 'analytics.dashboard.inPrevious', defaultMessage: '{count} in {period}' },
  chartLabel: {
    id: 'analytics.code.chartLabel',
    defaultMessage: '{granularity, select, hour {Scans by hour} other {Scans by day}} from {from} to {to}',
  },
});

/** The dashboard's Analytics tab: the account's real figures for a chosen period, against the one before. */
export function DashboardAnalytics() {
  const intl = useIntl();
  const tz = viewerTimeZone();
  const [range, setRange] = useState<RangeChoice>(() => initialRange('30d', tz));
  const query = useAccountRangeAnalytics(range);
  const analytics = query.data;
  if (!analytics) return <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...analyticsRead(intl)} />;
  const change = growth(intl, analytics.thisMonth, analytics.previousMonth);
  const previous = analytics.previous;
  const previousLabel = previous ? rangeLabel(intl, previous) : '';
  const shown = rangeLabel(intl, analytics);
  const count = (n: number) => intl.formatNumber(n);

  return (
    <div className="grid grid-cols-1 gap-6">
      <SummaryCards analytics={analytics} />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          label={intl.formatMessage(messages.thisMonth)}
          value={count(analytics.thisMonth)}
          hint={change ? intl.formatMessage(messages.onLastMonth, { change }) : intl.formatMessage(messages.noLastMonth)}
        />
        <StatCard label={intl.formatMessage(messages.lastMonth)} value={count(analytics.previousMonth)} />
        <StatCard label={intl.formatMessage(messages.uniqueScanners)} value={count(analytics.uniqueScans30Days)} hint={intl.formatMessage(messages.uniqueHint)} />
      </div>
      <section aria-labelledby="period-heading" className="grid grid-cols-1 gap-6">
        <h2 id="period-heading" className="text-lg font-semibold">
          <FormattedMessage id="analytics.dashboard.periodHeading" defaultMessage="Scans in a period" />
        </h2>
        <DateRangePicker value={range} onChange={setRange} tz={tz} />
        <div className="grid gap-4 sm:grid-cols-2">
          <StatCard
            label={intl.formatMessage(messages.scansInPeriod)}
            value={<>{count(analytics.scans)} {previous && <ChangeBadge change={previous.change.scans} previous={previousLabel} />}</>}
            hint={previous ? intl.formatMessage(messages.inPrevious, { count: count(previous.scans), period: previousLabel }) : shown}
          />
          <StatCard
            label={intl.formatMessage(messages.uniqueInPeriod)}
            value={<>{count(analytics.uniqueScans)} {previous && <ChangeBadge change={previous.change.uniqueScans} previous={previousLabel} />}</>}
            hint={previous ? intl.formatMessage(messages.inPrevious, { count: count(previous.uniqueScans), period: previousLabel }) : shown}
          />
        </div>
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage
                id="analytics.code.chartTitle"
                defaultMessage="{granularity, select, hour {Scans by hour} other {Scans by day}}"
                values={{ granularity: analytics.granularity }}
              />
            </CardTitle>
            <CardDescription>
              <FormattedMessage
                id="analytics.dashboard.chartDescription"
                defaultMessage="{period}, in your time zone ({tz}). Bots and link previews ({bots, number} so far) are not counted."
                values={{ period: shown, tz: analytics.tz, bots: analytics.botScans }}
              />
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ScansChart series={analytics.series} label={intl.formatMessage(messages.chartLabel, { granularity: analytics.granularity, from: dayName(intl, analytics.from), to: dayName(intl, analytics.to) })} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="analytics.dashboard.codesTitle" defaultMessage="Your QR codes in this period" />
            </CardTitle>
            <CardDescription>
              <FormattedMessage id="analytics.dashboard.codesDescription" defaultMessage="Each code against the period before; sort by any column." />
            </CardDescription>
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
            <CardTitle>
              <FormattedMessage id="analytics.dashboard.topCodes" defaultMessage="Top QR codes" />
            </CardTitle>
            <CardDescription>
              <FormattedMessage id="analytics.dashboard.allTime" defaultMessage="All time" />
            </CardDescription>
          </CardHeader>
          <CardContent>
            {analytics.topCodes.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                <FormattedMessage id="analytics.breakdownList.empty" defaultMessage="No scans yet." />
              </p>
            ) : (
              <ol className="grid grid-cols-1 gap-2">
                {analytics.topCodes.map((code) => (
                  <li key={code.codeId} className="flex items-center justify-between gap-2 text-sm">
                    <Link to={`${paths.editQr(code.codeId)}?tab=analytics`} className="truncate underline-offset-4 hover:underline">
                      {code.name}
                    </Link>
                    <span className="tabular-nums text-muted-foreground">{count(code.scans)}</span>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <FormattedMessage id="analytics.dashboard.breakdownsTitle" defaultMessage="Where and how people scan" />
            </CardTitle>
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
