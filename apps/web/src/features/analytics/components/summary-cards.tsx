import type { AccountAnalytics } from '@qrd/contracts';
import { Activity, CalendarClock, ChartColumn, QrCode } from 'lucide-react';
import { formatCount, formatWhen } from '../lib/figures';
import { StatCard } from './stat-card';

const icon = 'size-4 text-muted-foreground';

/** The spec's four account figures, from real scans (bots and link previews left out). */
export function SummaryCards({ analytics }: { analytics: AccountAnalytics }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label="Total Scans" value={formatCount(analytics.totalScans)} icon={<ChartColumn className={icon} aria-hidden="true" />} />
      <StatCard
        label="QR Codes"
        value={formatCount(analytics.qrCodes)}
        hint={`${formatCount(analytics.activeCodes)} active`}
        icon={<QrCode className={icon} aria-hidden="true" />}
      />
      <StatCard
        label="Recent Scans"
        value={formatCount(analytics.lastMonth)}
        hint="Last 30 days"
        icon={<Activity className={icon} aria-hidden="true" />}
      />
      <StatCard label="Last Scan" compact value={formatWhen(analytics.lastScan)} icon={<CalendarClock className={icon} aria-hidden="true" />} />
    </div>
  );
}
