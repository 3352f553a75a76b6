import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
// The account figures are the analytics feature's read (the dashboard's tabs share its cache).
import { EuPrivacyToggle, useAccountAnalytics, WeeklyReportToggle } from '../../analytics';

/** The last scan as a short date and, beneath it, its time: one line each at every width. */
function lastScan(intl: IntlShape, iso: string | null): { value: string; hint?: string } {
  if (!iso) return { value: intl.formatMessage({ id: 'account.analytics.never', defaultMessage: 'Never' }) };
  const when = new Date(iso);
  return {
    value: intl.formatDate(when, { month: 'short', day: 'numeric', year: 'numeric' }),
    hint: intl.formatTime(when, { hour: 'numeric', minute: '2-digit' }),
  };
}

/** `compact`: a date, set smaller and kept on one line, so it fits a quarter of the card at every width. */
function Figure({ label, value, hint, compact = false }: { label: string; value: string; hint?: string; compact?: boolean }) {
  return (
    <div role="group" aria-label={label} className="min-w-0 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className={compact ? 'mt-1 text-lg font-bold whitespace-nowrap tabular-nums' : 'mt-1 text-2xl font-bold tabular-nums'}>{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

/** Account analytics (spec: Total Scans, QR Codes, Recent Scans, Last Scan) from GET /api/analytics. */
export function AnalyticsTab() {
  const intl = useIntl();
  const query = useAccountAnalytics();
  const data = query.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.analytics.title" defaultMessage="Analytics" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="account.analytics.description" defaultMessage="Real scans of all your QR codes; bots and link previews are not counted." />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isLoading && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> <FormattedMessage id="account.analytics.loading" defaultMessage="Loading analytics..." />
          </p>
        )}
        {query.isError && (
          <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
            <FormattedMessage id="account.analytics.loadFailed" defaultMessage="Could not load your analytics." />
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <FormattedMessage id="account.common.tryAgainButton" defaultMessage="Try again" />
            </Button>
          </div>
        )}
        {data && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label={intl.formatMessage({ id: 'account.analytics.totalScans', defaultMessage: 'Total Scans' })}
              value={intl.formatNumber(data.totalScans)}
            />
            <Figure label={intl.formatMessage({ id: 'account.analytics.qrCodes', defaultMessage: 'QR Codes' })} value={intl.formatNumber(data.qrCodes)} />
            <Figure
              label={intl.formatMessage({ id: 'account.analytics.recentScans', defaultMessage: 'Recent Scans' })}
              value={intl.formatNumber(data.lastMonth)}
              hint={intl.formatMessage({ id: 'account.analytics.last30Days', defaultMessage: 'Last 30 days' })}
            />
            <Figure label={intl.formatMessage({ id: 'account.analytics.lastScan', defaultMessage: 'Last Scan' })} compact {...lastScan(intl, data.lastScan)} />
          </div>
        )}
        <WeeklyReportToggle />
        <EuPrivacyToggle />
        <Button asChild variant="outline" className="justify-self-start">
          <Link to={paths.dashboard}>
            <FormattedMessage id="account.analytics.viewDashboard" defaultMessage="View Dashboard" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
