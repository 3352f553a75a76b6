import type { CodeAnalytics as CodeAnalyticsView, ConversionTotals, UniqueWindow } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { scansCsvUrl, useCodeAnalytics, viewerTimeZone } from '../api/analytics';
import { rangeLabel } from '../lib/date-range';
import { dayName, formatWhen } from '../lib/figures';
import { ChangeBadge } from './change-badge';
import { DateRangePicker, initialRange, type RangeChoice } from './date-range-picker';
import { BreakdownsGrid } from './breakdowns-grid';
import { QueryState } from '../../../components/query-state';
import { analyticsRead } from '../lib/read-state';
import { LiveScans } from './live-scans';
import { ScanPatternsCards } from './scan-patterns';
import { ScansChart } from './scans-chart';
import { StatCard } from './stat-card';
import { formatRevenue } from '../lib/money';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';
import { RulesCard } from './rules-card';
import { conversionMessages } from './conversion-messages';

export { formatMoney } from '../lib/money';

/** A share without any scans to divide (a dash, not words). */
const NO_SHARE = '-';

const messages = defineMessages<string>({
  scans: { id: 'analytics.code.scans', defaultMessage: 'Scans' },
  uniqueScanners: { id: 'analytics.code.uniqueScanners', defaultMessage: 'Unique scanners ({window})' },
  uniqueScannersHead: { id: 'analytics.code.uniqueScannersHead', defaultMessage: 'Unique scanners' },
  scansHint: { id: 'analytics.code.scansHint', defaultMessage: '{previousScans} in {previousPeriod}; {allTimeScans} all time' },
  allTime: { id: 'analytics.code.allTime', defaultMessage: '{allTimeScans} all time' },
  uniqueHint: { id: 'analytics.code.uniqueHint', defaultMessage: '{previousUnique} in {previousPeriod}; {windowHint}' },
  bots: { id: 'analytics.code.bots', defaultMessage: 'Bots and previews' },
  botsHint: { id: 'analytics.code.botsHint', defaultMessage: 'Not counted as scans' },
  lastScan: { id: 'analytics.code.lastScan', defaultMessage: 'Last Scan' },
  chartLabel: {
    id: 'analytics.code.chartLabel',
    defaultMessage: '{granularity, select, hour {Scans by hour} other {Scans by day}} from {from} to {to}',
  },
  hourLabel: { id: 'analytics.code.window.hour', defaultMessage: 'one per hour' },
  hourHint: { id: 'analytics.code.window.hourHint', defaultMessage: 'a visitor counts again each hour' },
  dayLabel: { id: 'analytics.code.window.day', defaultMessage: 'one per day' },
  dayHint: { id: 'analytics.code.window.dayHint', defaultMessage: 'a visitor counts once a day' },
});

/** What one unique scanner is, as the code counts them (its setting on the Campaign tab). */
const UNIQUE_WINDOW_TEXT = {
  hour: { label: messages.hourLabel, hint: messages.hourHint },
  day: { label: messages.dayLabel, hint: messages.dayHint },
} satisfies Record<UniqueWindow, unknown>;

/** One code's scans: totals against the period before, a chart by hour or day, map, heatmap, breakdowns and the CSV. */
export function CodeAnalytics({ codeId, codeName }: { codeId: string; codeName?: string }) {
  const intl = useIntl();
  const tz = viewerTimeZone();
  const [range, setRange] = useState<RangeChoice>(() => initialRange('30d', tz));
  const query = useCodeAnalytics(codeId, range);
  const analytics = query.data;
  const previous = analytics?.previous;
  const previousLabel = previous ? rangeLabel(intl, previous) : '';
  const unique = UNIQUE_WINDOW_TEXT[analytics?.uniqueWindow ?? 'day'];
  const uniqueHint = intl.formatMessage(unique.hint);
  const [exportNotice, setExportNotice] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  // The file streams straight to the browser's downloads (any number of rows, nothing held here).
  const exportStarted = () => {
    setExportNotice(true);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setExportNotice(false), 10_000);
  };
  const count = (n: number) => intl.formatNumber(n);

  return (
    <div className="grid grid-cols-1 gap-6">
      {/* Named, so the figures say which code they belong to on every visit (the page title says "ready" after creating). */}
      {codeName && (
        <h2 className="text-xl font-semibold tracking-tight break-words">
          <FormattedMessage id="analytics.code.heading" defaultMessage="Analytics of {name}" values={{ name: codeName }} />
        </h2>
      )}
      {/* Two columns: the custom range's form opens inside the picker's, the export stays beside the presets. */}
      <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <DateRangePicker value={range} onChange={setRange} tz={tz} />
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <a href={scansCsvUrl(codeId)} download onClick={exportStarted}>
            <Download aria-hidden="true" /> <FormattedMessage id="analytics.code.export" defaultMessage="Export scans (CSV)" />
          </a>
        </Button>
      </div>
      <p role="status" className={exportNotice ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {exportNotice
          ? intl.formatMessage({
              id: 'analytics.code.exportStarted',
              defaultMessage: 'Export started: your browser is downloading every scan of this code (see its downloads for progress).',
            })
          : ''}
      </p>
      {!analytics && <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...analyticsRead(intl)} />}
      {analytics && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard
              label={intl.formatMessage(messages.scans)}
              value={<>{count(analytics.scans)} {previous && <ChangeBadge change={previous.change.scans} previous={previousLabel} />}</>}
              hint={
                previous
                  ? intl.formatMessage(messages.scansHint, { previousScans: count(previous.scans), previousPeriod: previousLabel, allTimeScans: count(analytics.allTime.scans) })
                  : intl.formatMessage(messages.allTime, { allTimeScans: count(analytics.allTime.scans) })
              }
            />
            <StatCard
              label={intl.formatMessage(messages.uniqueScanners, { window: intl.formatMessage(unique.label) })}
              value={<>{count(analytics.uniqueScans)} {previous && <ChangeBadge change={previous.change.uniqueScans} previous={previousLabel} />}</>}
              hint={previous ? intl.formatMessage(messages.uniqueHint, { previousUnique: count(previous.uniqueScans), previousPeriod: previousLabel, windowHint: uniqueHint }) : uniqueHint}
            />
            <StatCard label={intl.formatMessage(messages.bots)} value={count(analytics.botScans)} hint={intl.formatMessage(messages.botsHint)} />
            <StatCard label={intl.formatMessage(messages.lastScan)} compact value={formatWhen(intl, analytics.allTime.lastScanAt)} />
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
                <FormattedMessage id="analytics.code.timeZone" defaultMessage="In your time zone ({tz})." values={{ tz: analytics.tz }} />
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ScansChart
                series={analytics.series}
                label={intl.formatMessage(messages.chartLabel, { granularity: analytics.granularity, from: dayName(intl, analytics.from), to: dayName(intl, analytics.to) })}
              />
            </CardContent>
          </Card>
          <LiveScans codeId={codeId} />
          <ScanPatternsCards codeId={codeId} range={range} />
          <Card>
            <CardHeader>
              <CardTitle>
                <FormattedMessage id="analytics.code.breakdownsTitle" defaultMessage="Where and how people scanned" />
              </CardTitle>
            </CardHeader>
            <CardContent>
              <BreakdownsGrid breakdowns={analytics} />
            </CardContent>
          </Card>
          {analytics.conversions && (analytics.conversions.leads > 0 || analytics.conversions.sales > 0) && <ConversionsCard totals={analytics.conversions} />}
          {analytics.variants && analytics.variants.length > 0 && <VariantsCard variants={analytics.variants} />}
          {analytics.rules && analytics.rules.length > 0 && <RulesCard rules={analytics.rules} />}
        </>
      )}
    </div>
  );
}

/** Leads and sales reported against this range's scans (conversions), and what they earned. */
function ConversionsCard({ totals }: { totals: ConversionTotals }) {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="analytics.code.conversions" defaultMessage="Conversions" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="analytics.code.conversionsDescription" defaultMessage="Leads and sales your site reported against the scans of this range." />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <StatCard label={intl.formatMessage(conversionMessages.leads)} value={intl.formatNumber(totals.leads)} />
        <StatCard label={intl.formatMessage(conversionMessages.sales)} value={intl.formatNumber(totals.sales)} />
        <StatCard label={intl.formatMessage(conversionMessages.revenue)} compact value={formatRevenue(intl, totals.revenue)} />
      </CardContent>
    </Card>
  );
}

/** A/B split: scans and unique scanners per variant in the range (and their conversions), so the owner can pick the winner. */
function VariantsCard({ variants }: { variants: NonNullable<CodeAnalyticsView['variants']> }) {
  const intl = useIntl();
  const total = variants.reduce((sum, v) => sum + v.scans, 0);
  const converted = variants.some((v) => (v.leads ?? 0) > 0 || (v.sales ?? 0) > 0);
  const leader = mostSalesOf(variants);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="analytics.code.variants" defaultMessage="A/B variants" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="analytics.code.variantsDescription" defaultMessage="Human scans per variant in this range." />
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-start text-muted-foreground">
              <th scope="col" className="py-2 pe-4 text-start font-medium">
                <FormattedMessage id="analytics.code.variant" defaultMessage="Variant" />
              </th>
              <th scope="col" className="py-2 pe-4 text-end font-medium">
                {intl.formatMessage(messages.scans)}
              </th>
              <th scope="col" className="py-2 pe-4 text-end font-medium">
                {intl.formatMessage(messages.uniqueScannersHead)}
              </th>
              <th scope="col" className="py-2 pe-4 text-end font-medium">
                <FormattedMessage id="analytics.code.share" defaultMessage="Share" />
              </th>
              {converted && <ConversionHeads />}
            </tr>
          </thead>
          <tbody>
            {variants.map((v) => (
              <tr key={v.key} className="border-t">
                <th scope="row" className="py-2 pe-4 text-start font-medium">
                  {v.key}
                  {leader === v && <MostSalesBadge />}
                </th>
                <td className="py-2 pe-4 text-end">{intl.formatNumber(v.scans)}</td>
                <td className="py-2 pe-4 text-end">{intl.formatNumber(v.uniqueScans)}</td>
                <td className="py-2 pe-4 text-end">{total ? intl.formatNumber(v.scans / total, { style: 'percent' }) : NO_SHARE}</td>
                {converted && <ConversionCells row={v} />}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
