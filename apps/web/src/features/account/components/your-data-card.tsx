import { dataExportDownloadPath, type DataExportView } from '@qrd/contracts';
import { Download, FileArchive, RefreshCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useWorkspaceId } from '../../../hooks/use-workspace-id';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { isBuilding, useLatestDataExport, useStartDataExport } from '../api/data-export';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';
}

function ExportState({ exported, workspaceId }: { exported: DataExportView | null; workspaceId: string | null }) {
  if (!exported) return <p className="text-sm text-muted-foreground">You have not exported your data yet.</p>;
  switch (exported.status) {
    case 'queued':
    case 'running':
      return (
        <div className="grid gap-2">
          <p className="text-sm" id="data-export-progress-label">
            Building your export… {exported.progress}%
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
          <p className="text-sm text-muted-foreground">We will also email you a link when it is ready. You can leave this page.</p>
        </div>
      );
    case 'ready':
      return (
        <div className="grid gap-3">
          <p className="text-sm">
            Your export is ready: {exported.codes ?? 0} QR codes and {exported.scans ?? 0} scans, {formatSize(exported.sizeBytes)}. It can be downloaded
            until {formatDate(exported.expiresAt)}.
          </p>
          <Button asChild className="w-full sm:w-fit">
            <a href={dataExportDownloadPath(exported.id, workspaceId)} download>
              <Download aria-hidden="true" />
              Download ZIP
            </a>
          </Button>
        </div>
      );
    case 'expired':
      return <p className="text-sm text-muted-foreground">Your last export expired on {formatDate(exported.expiresAt)} and was deleted. Start a new one to download your data.</p>;
    case 'failed':
      return (
        <p role="alert" className="text-sm text-destructive">
          {exported.error ?? 'The export could not be built. Please try again later.'}
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
  const latest = useLatestDataExport();
  const start = useStartDataExport();
  const exported = latest.data?.export ?? null;
  const building = isBuilding(exported);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="your-data">
          {workspaceId ? "This workspace's data" : 'Your data'}
        </CardTitle>
        <CardDescription>
          {workspaceId
            ? "Download everything this workspace holds: its billing records and API keys, every QR code with its settings and history, and every scan, with your profile (as JSON and CSV files in one ZIP). Its owners and admins can download it, signed in, until the date shown; then it is deleted."
            : 'Download everything your account holds: your profile, billing records, every QR code with its settings and history, and every scan (as JSON and CSV files in one ZIP). Only you can download it, signed in, until the date shown; then it is deleted.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {latest.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading your exports…
          </p>
        ) : latest.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
            {getErrorMessage(latest.error, 'Your exports could not be loaded.')}
            <Button type="button" variant="outline" size="sm" onClick={() => void latest.refetch()}>
              <RefreshCw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : (
          <ExportState exported={exported} workspaceId={workspaceId} />
        )}
        {start.isError && (
          <p role="alert" className="text-sm text-destructive">
            {getErrorMessage(start.error, 'The export could not be started. Please try again.')}
          </p>
        )}
        <Button
          type="button"
          variant={exported?.status === 'ready' ? 'outline' : 'default'}
          className="w-full sm:w-fit"
          onClick={() => start.mutate()}
          disabled={building || start.isPending || latest.isPending}
        >
          {start.isPending ? <Spinner /> : <FileArchive aria-hidden="true" />}
          {workspaceId
            ? exported?.status === 'ready'
              ? "Export the workspace's data again"
              : "Export the workspace's data"
            : exported?.status === 'ready'
              ? 'Export my data again'
              : 'Export my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
