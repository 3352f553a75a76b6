import type { AccountAnalytics } from '@qrd/contracts';
import { Activity, CalendarClock, ChartColumn, QrCode } from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatWhen } from '../lib/figures';
import { StatCard } from './stat-card';

const icon = 'size-4 text-muted-foreground';

/** The spec's four account figures, from real scans (bots and link previews left out). */
export function SummaryCards({ analytics }: { analytics: AccountAnalytics }) {
  const intl = useIntl();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label={intl.formatMessage({ id: 'analytics.summary.totalScans', defaultMessage: 'Total Scans' })} value={intl.formatNumber(analytics.totalScans)} icon={<ChartColumn className={icon} aria-hidden="true" />} />
      <StatCard
        label={intl.formatMessage({ id: 'analytics.summary.qrCodes', defaultMessage: 'QR Codes' })}
        value={intl.formatNumber(analytics.qrCodes)}
        hint={intl.formatMessage({ id: 'analytics.summary.active', defaultMessage: '{count, plural, other {# active}}' }, { count: analytics.activeCodes })}
        icon={<QrCode className={icon} aria-hidden="true" />}
      />
      <StatCard
        label={intl.formatMessage({ id: 'analytics.summary.recentScans', defaultMessage: 'Recent Scans' })}
        value={intl.formatNumber(analytics.lastMonth)}
        hint={intl.formatMessage({ id: 'analytics.summary.last30Days', defaultMessage: 'Last 30 days' })}
        icon={<Activity className={icon} aria-hidden="true" />}
      />
      <StatCard label={intl.formatMessage({ id: 'analytics.code.lastScan', defaultMessage: 'Last Scan' })} compact value={formatWhen(intl, analytics.lastScan)} icon={<CalendarClock className={icon} aria-hidden="true" />} />
    </div>
  );
}
