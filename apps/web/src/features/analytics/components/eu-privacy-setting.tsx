import { useId } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from '../api/analytics-settings';

/** The workspace's EU privacy mode: visitors from the EEA kept with their country only (owners and admins switch it). */
export function EuPrivacyToggle() {
  const id = useId();
  const query = useAnalyticsSettings();
  const save = useSaveAnalyticsSettings();
  const mayChange = useCan('data.export');
  const enabled = query.data?.euPrivacy ?? false;

  return (
    <div className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            EU privacy mode
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            Scans from the European Economic Area keep only their country: no region or city is worked out from the scanner&apos;s address.
            Applies to scans from now on.{!mayChange && ' Owners and admins of the workspace can change it.'}
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
            disabled={save.isPending || query.isError || !mayChange}
            aria-describedby={`${id}-hint`}
            onChange={(event) => save.mutate(event.target.checked)}
          />
        )}
      </div>
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          Could not load this setting: {getErrorMessage(query.error, 'Try again later.')}
        </p>
      )}
      {save.isError && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(save.error, 'Could not save this setting. Try again.')}
        </p>
      )}
    </div>
  );
}
