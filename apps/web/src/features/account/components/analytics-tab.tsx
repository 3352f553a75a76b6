import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
// The account figures are the analytics feature's read (the dashboard's tabs share its cache).
import { EuPrivacyToggle, useAccountAnalytics, WeeklyReportToggle } from '../../analytics';

/** The last scan as a short date and, beneath it, its time: one line each at every width. */
function lastScan(iso: string | null): { value: string; hint?: string } {
  if (!iso) return { value: 'Never' };
  const when = new Date(iso);
  return {
    value: when.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    hint: when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' }),
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
  const query = useAccountAnalytics();
  const data = query.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Analytics</CardTitle>
        <CardDescription>Real scans of all your QR codes; bots and link previews are not counted.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isLoading && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading analytics...
          </p>
        )}
        {query.isError && (
          <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
            Could not load your analytics.
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {data && (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Total Scans" value={data.totalScans.toLocaleString('en-US')} />
            <Figure label="QR Codes" value={data.qrCodes.toLocaleString('en-US')} />
            <Figure label="Recent Scans" value={data.lastMonth.toLocaleString('en-US')} hint="Last 30 days" />
            <Figure label="Last Scan" compact {...lastScan(data.lastScan)} />
          </div>
        )}
        <WeeklyReportToggle />
        <EuPrivacyToggle />
        <Button asChild variant="outline" className="justify-self-start">
          <Link to={paths.dashboard}>View Dashboard</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
