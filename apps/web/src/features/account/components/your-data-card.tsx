import { dataExportDownloadPath, type DataExportView } from '@qrd/contracts';
import { Download, FileArchive, RefreshCw } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useWorkspaceId } from '../../../hooks/use-workspace-id';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { isBuilding, useLatestDataExport, useStartDataExport } from '../api/data-export';

function formatSize(intl: IntlShape, bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) {
    return intl.formatNumber(Math.max(1, Math.round(bytes / 1024)), { style: 'unit', unit: 'kilobyte', unitDisplay: 'short' });
  }
  return intl.formatNumber(bytes / (1024 * 1024), {
    style: 'unit',
    unit: 'megabyte',
    unitDisplay: 'short',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
}

function formatDate(intl: IntlShape, iso: string | null): string {
  return iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function ExportState({ exported, workspaceId }: { exported: DataExportView | null; workspaceId: string | null }) {
  const intl = useIntl();
  if (!exported)
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="account.yourData.none" defaultMessage="You have not exported your data yet." />
      </p>
    );
  switch (exported.status) {
    case 'queued':
    case 'running':
      return (
        <div className="grid gap-2">
          <p className="text-sm" id="data-export-progress-label">
            <FormattedMessage
              id="account.yourData.building"
              defaultMessage="Building your export… {progress}"
              values={{ progress: intl.formatNumber(exported.progress / 100, { style: 'percent' }) }}
            />
          </p>
          <div
            role="progressbar"
            aria-labelledby="data-export-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={exported.progress}
            className="h-2 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full bg-primary transition-[width]" style={{ width: `${exported.progress}%` }} />
          </div>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="account.yourData.buildingHint" defaultMessage="We will also email you a link when it is ready. You can leave this page." />
          </p>
        </div>
      );
    case 'ready':
      return (
        <div className="grid gap-3">
          <p className="text-sm">
            <FormattedMessage
              id="account.yourData.ready"
              defaultMessage="Your export is ready: {codes, plural, one {# QR code} other {# QR codes}} and {scans, plural, one {# scan} other {# scans}}, {size}. It can be downloaded until {until}."
              values={{
                codes: exported.codes ?? 0,
                scans: exported.scans ?? 0,
                size: formatSize(intl, exported.sizeBytes),
                until: formatDate(intl, exported.expiresAt),
              }}
            />
          </p>
          <Button asChild className="w-full sm:w-fit">
            <a href={dataExportDownloadPath(exported.id, workspaceId)} download>
              <Download aria-hidden="true" />
              <FormattedMessage id="account.yourData.download" defaultMessage="Download ZIP" />
            </a>
          </Button>
        </div>
      );
    case 'expired':
      return (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="account.yourData.expired"
            defaultMessage="Your last export expired on {date} and was deleted. Start a new one to download your data."
            values={{ date: formatDate(intl, exported.expiresAt) }}
          />
        </p>
      );
    case 'failed':
      return (
        <p role="alert" className="text-sm text-destructive">
          {exported.error ?? <FormattedMessage id="account.yourData.failed" defaultMessage="The export could not be built. Please try again later." />}
        </p>
      );
  }
}

/**
 * "Your data": a ZIP of the profile, the billing records, codes and scans of the workspace acted
 * in (the personal one: everything the account holds), built in the background. Shown to the
 * members allowed to export the workspace.
 */
export function YourDataCard() {
  const allowed = useCan('data.export');
  const workspaceId = useWorkspaceId();
  return allowed ? <DataExportCard workspaceId={workspaceId} /> : null;
}

function DataExportCard({ workspaceId }: { workspaceId: string | null }) {
  const intl = useIntl();
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const exported = latest.data?.export ?? null;
  const building = isBuilding(exported);
  const again = exported?.status === 'ready';

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="your-data">
          {workspaceId ? (
            <FormattedMessage id="account.yourData.workspaceTitle" defaultMessage="This workspace's data" />
          ) : (
            <FormattedMessage id="account.yourData.title" defaultMessage="Your data" />
          )}
        </CardTitle>
        <CardDescription>
          {workspaceId ? (
            <FormattedMessage
              id="account.yourData.workspaceDescription"
              defaultMessage="Download everything this workspace holds: its billing records and API keys, every QR code with its settings and history, and every scan, with your profile (as JSON and CSV files in one ZIP). Its owners and admins can download it, signed in, until the date shown; then it is deleted."
            />
          ) : (
            <FormattedMessage
              id="account.yourData.description"
              defaultMessage="Download everything your account holds: your profile, billing records, every QR code with its settings and history, and every scan (as JSON and CSV files in one ZIP). Only you can download it, signed in, until the date shown; then it is deleted."
            />
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {latest.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            <FormattedMessage id="account.yourData.loading" defaultMessage="Loading your exports…" />
          </p>
        ) : latest.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {getErrorMessage(latest.error, intl.formatMessage({ id: 'account.yourData.loadFailed', defaultMessage: 'Your exports could not be loaded.' }))}
            <Button type="button" variant="outline" size="sm" onClick={() => void latest.refetch()}>
              <RefreshCw aria-hidden="true" />
              <FormattedMessage id="account.common.retry" defaultMessage="Retry" />
            </Button>
          </div>
        ) : (
          <ExportState exported={exported} workspaceId={workspaceId} />
        )}
        {start.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(
              start.error,
              intl.formatMessage({ id: 'account.yourData.startFailed', defaultMessage: 'The export could not be started. Please try again.' }),
            )}
          </p>
        )}
        <Button
          type="button"
          variant={again ? 'outline' : 'default'}
          className="w-full sm:w-fit"
          onClick={() => start.mutate()}
          disabled={building || start.isPending || latest.isPending}
        >
          {start.isPending ? <Spinner /> : <FileArchive aria-hidden="true" />}
          {workspaceId ? (
            again ? (
              <FormattedMessage id="account.yourData.exportWorkspaceAgain" defaultMessage="Export the workspace's data again" />
            ) : (
              <FormattedMessage id="account.yourData.exportWorkspace" defaultMessage="Export the workspace's data" />
            )
          ) : again ? (
            <FormattedMessage id="account.yourData.exportAgain" defaultMessage="Export my data again" />
          ) : (
            <FormattedMessage id="account.yourData.export" defaultMessage="Export my data" />
          )}
        </Button>
      </CardContent>
    </Card>
  );
}
