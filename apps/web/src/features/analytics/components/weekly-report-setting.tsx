import { Button } from '../../../components/ui/button';
import { useSetWeeklyReport, useWeeklyReport } from '../api/weekly-report';
import { SettingSwitch } from './setting-switch';

/** "Europe/Berlin" reads as "Europe/Berlin", "America/New_York" as "America/New York". */
function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** The account's switch for the weekly scans report by mail (off until turned on). */
export function WeeklyReportToggle() {
  const query = useWeeklyReport();
  const save = useSetWeeklyReport();
  const enabled = query.data?.enabled ?? false;

  return (
    <SettingSwitch
      label="Weekly report by email"
      hint={
        <>
          Every Monday: last week&apos;s scans, the change on the week before and your top codes. Each mail has a link to stop it.
          {enabled && query.data && <> Weeks run Monday to Sunday in {zoneName(query.data.timeZone)}.</>}
        </>
      }
      checked={enabled}
      loading={query.isLoading}
      disabled={save.isPending || query.isError}
      onChange={(checked) => save.mutate(checked)}
      saveError={save.isError ? save.error : null}
    >
      {query.isError && (
        <div role="alert" className="flex items-center gap-3 text-sm text-destructive">
          Could not load this setting.
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {save.isSuccess && (
        <p role="status" className="text-sm text-muted-foreground">
          {enabled ? 'The weekly report is on: the first one comes next Monday.' : 'The weekly report is off.'}
        </p>
      )}
    </SettingSwitch>
  );
}
