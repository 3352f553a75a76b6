import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { useSetWeeklyReport, useWeeklyReport } from '../api/weekly-report';
import { SettingSwitch } from './setting-switch';

/** "Europe/Berlin" reads as "Europe/Berlin", "America/New_York" as "America/New York". */
function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}

/** The account's switch for the weekly scans report by mail (off until turned on). */
export function WeeklyReportToggle() {
  const intl = useIntl();
  const query = useWeeklyReport();
  const save = useSetWeeklyReport();
  const enabled = query.data?.enabled ?? false;

  return (
    <SettingSwitch
      label={intl.formatMessage({ id: 'analytics.weeklyReport.label', defaultMessage: 'Weekly report by email' })}
      hint={
        <>
          <FormattedMessage
            id="analytics.weeklyReport.hint"
            defaultMessage="Every Monday: last week's scans, the change on the week before and your top codes. Each mail has a link to stop it."
          />
          {enabled && query.data && (
            <>
              {' '}
              <FormattedMessage id="analytics.weeklyReport.weeks" defaultMessage="Weeks run Monday to Sunday in {zone}." values={{ zone: zoneName(query.data.timeZone) }} />
            </>
          )}
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
          <FormattedMessage id="analytics.weeklyReport.loadFailed" defaultMessage="Could not load this setting." />
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            <FormattedMessage id="analytics.weeklyReport.retry" defaultMessage="Try again" />
          </Button>
        </div>
      )}
      {save.isSuccess && (
        <p role="status" className="text-sm text-muted-foreground">
          {enabled ? (
            <FormattedMessage id="analytics.weeklyReport.on" defaultMessage="The weekly report is on: the first one comes next Monday." />
          ) : (
            <FormattedMessage id="analytics.weeklyReport.off" defaultMessage="The weekly report is off." />
          )}
        </p>
      )}
    </SettingSwitch>
  );
}
