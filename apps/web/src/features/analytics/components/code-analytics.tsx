import type { CodeAnalytics as CodeAnalyticsView, ConversionTotals, UniqueWindow } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { scansCsvUrl, useCodeAnalytics, viewerTimeZone } from '../api/analytics';
import { rangeLabel } from '../lib/date-range';
import { formatCount, formatWhen } from '../lib/figures';
import { ChangeBadge } from './change-badge';
import { DateRangePicker, initialRange, type RangeChoice } from './date-range-picker';
import { BreakdownsGrid } from './breakdowns-grid';
import { QueryState } from '../../../components/query-state';
import { ANALYTICS_READ } from '../lib/read-state';
import { LiveScans } from './live-scans';
import { ScanPatternsCards } from './scan-patterns';
import { ScansChart } from './scans-chart';
import { StatCard } from './stat-card';
import { formatRevenue } from '../lib/money';
import { ConversionCells, ConversionHeads, MostSalesBadge, mostSalesOf } from './most-sales-badge';
import { RulesCard } from './rules-card';

export { formatMoney } from '../lib/money';

/** What one unique scanner is, as the code counts them (its setting on the Campaign tab). */
const UNIQUE_WINDOW_TEXT: Record<UniqueWindow, { label: string; hint: string }> = {
  hour: { label: 'one per hour', hint: 'a visitor counts again each hour' },
  day: { label: 'one per day', hint: 'a visitor counts once a day' },
};

/** One code's scans: totals against the period before, a chart by hour or day, map, heatmap, breakdowns and the CSV. */
export function CodeAnalytics({ codeId, codeName }: { codeId: string; codeName?: string }) {
  const tz = viewerTimeZone();
  const [range, setRange] = useState<RangeChoice>(() => initialRange('30d', tz));
  const query = useCodeAnalytics(codeId, range);
  const analytics = query.data;
  const previous = analytics?.previous;
  const previousLabel = previous ? rangeLabel(previous) : '';
  const unique = UNIQUE_WINDOW_TEXT[analytics?.uniqueWindow ?? 'day'];
  const [exportNotice, setExportNotice] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(noticeTimer.current), []);
  // The file streams straight to the browser's downloads (any number of rows, nothing held here).
  const exportStarted = () => {
    setExportNotice(true);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setExportNotice(false), 10_000);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      {/* Named, so the figures say which code they belong to on every visit (the page title says "ready" after creating). */}
      {codeName && <h2 className="text-xl font-semibold tracking-tight break-words">Analytics of {codeName}</h2>}
      {/* Two columns: the custom range's form opens inside the picker's, the export stays beside the presets. */}
      <div className="grid grid-cols-1 items-start gap-3 sm:grid-cols-[minmax(0,1fr)_auto]">
        <DateRangePicker value={range} onChange={setRange} tz={tz} />
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <a href={scansCsvUrl(codeId)} download onClick={exportStarted}>
            <Download aria-hidden="true" /> Export scans (CSV)
          </a>
        </Button>
      </div>
      <p role="status" className={exportNotice ? 'text-sm text-muted-foreground' : 'sr-only'}>
        {exportNotice ? 'Export started: your browser is downloading every scan of this code (see its downloads for progress).' : ''}
      </p>
      {!analytics && <QueryState isLoading={query.isLoading} error={query.error} onRetry={() => void query.refetch()} {...ANALYTICS_READ} />}
      {analytics && (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard
              label="Scans"
              value={<>{formatCount(analytics.scans)} {previous && <ChangeBadge change={previous.change.scans} previous={previousLabel} />}</>}
              hint={
                previous
                  ? `${formatCount(previous.scans)} in ${previousLabel}; ${formatCount(analytics.allTime.scans)} all time`
                  : `${formatCount(analytics.allTime.scans)} all time`
              }
            />
            <StatCard
              label={`Unique scanners (${unique.label})`}
              value={<>{formatCount(analytics.uniqueScans)} {previous && <ChangeBadge change={previous.change.uniqueScans} previous={previousLabel} />}</>}
              hint={previous ? `${formatCount(previous.uniqueScans)} in ${previousLabel}; ${unique.hint}` : unique.hint}
            />
            <StatCard label="Bots and previews" value={formatCount(analytics.botScans)} hint="Not counted as scans" />
            <StatCard label="Last Scan" compact value={formatWhen(analytics.allTime.lastScanAt)} />
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Scans {analytics.granularity === 'hour' ? 'by hour' : 'by day'}</CardTitle>
              <CardDescription>In your time zone ({analytics.tz}).</CardDescription>
            </CardHeader>
            <CardContent>
              <ScansChart series={analytics.series} label={`Scans by ${analytics.granularity} from ${analytics.from} to ${analytics.to}`} />
            </CardContent>
          </Card>
          <LiveScans codeId={codeId} />
          <ScanPatternsCards codeId={codeId} range={range} />
          <Card>
            <CardHeader>
              <CardTitle>Where and how people scanned</CardTitle>
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Conversions</CardTitle>
        <CardDescription>Leads and sales your site reported against the scans of this range.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-3">
        <StatCard label="Leads" value={formatCount(totals.leads)} />
        <StatCard label="Sales" value={formatCount(totals.sales)} />
        <StatCard label="Revenue" compact value={formatRevenue(totals.revenue)} />
      </CardContent>
    </Card>
  );
}

/** A/B split: scans and unique scanners per variant in the range (and their conversions), so the owner can pick the winner. */
function VariantsCard({ variants }: { variants: NonNullable<CodeAnalyticsView['variants']> }) {
  const total = variants.reduce((sum, v) => sum + v.scans, 0);
  const converted = variants.some((v) => (v.leads ?? 0) > 0 || (v.sales ?? 0) > 0);
  const leader = mostSalesOf(variants);
  return (
    <Card>
      <CardHeader>
        <CardTitle>A/B variants</CardTitle>
        <CardDescription>Human scans per variant in this range.</CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-2 pr-4 font-medium">Variant</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Scans</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Unique scanners</th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">Share</th>
              {converted && <ConversionHeads />}
            </tr>
          </thead>
          <tbody>
            {variants.map((v) => (
              <tr key={v.key} className="border-t">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {v.key}
                  {leader === v && <MostSalesBadge />}
                </th>
                <td className="py-2 pr-4 text-right">{formatCount(v.scans)}</td>
                <td className="py-2 pr-4 text-right">{formatCount(v.uniqueScans)}</td>
                <td className="py-2 pr-4 text-right">{total ? `${Math.round((v.scans / total) * 100)}%` : '-'}</td>
                {converted && <ConversionCells row={v} />}
              </tr>
            ))}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}
