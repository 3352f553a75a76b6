import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useSetWeeklyReport, useWeeklyReport } from '../api/weekly-report';

/** "Europe/Berlin" reads as "Europe/Berlin", "America/New_York" as "America/New York". */
function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** The account's switch for the weekly scans report by mail (off until turned on). */
export function WeeklyReportToggle() {
  const id = useId();
  const query = useWeeklyReport();
  const save = useSetWeeklyReport();
  const enabled = query.data?.enabled ?? false;

  return (
    <div className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Weekly report by email
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Every Monday: last week&apos;s scans, the change on the week before and your top codes. Each mail has a link to stop it.
            {enabled && query.data && <> Weeks run Monday to Sunday in {zoneName(query.data.timeZone)}.</>}
          </p>
        </div>
        {query.isLoading ? (
          <Spinner />
        ) : (
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            checked={enabled}
            disabled={save.isPending || query.isError}
            aria-describedby={`${id}-hint`}
            onChange={(event) => save.mutate(event.target.checked)}
          />
        )}
      </div>
      {query.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          Could not load this setting.
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(save.error, 'Could not save this setting. Try again.')}
        </p>
      )}
      {save.isSuccess && (
        <p role="status" className="text-sm text-muted-foreground">
          {enabled ? 'The weekly report is on: the first one comes next Monday.' : 'The weekly report is off.'}
        </p>
      )}
    </div>
  );
}
