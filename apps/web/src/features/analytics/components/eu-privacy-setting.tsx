import { FormattedMessage, useIntl } from 'react-intl';
import { getErrorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from '../api/analytics-settings';
import { SettingSwitch } from './setting-switch';

/** The workspace's EU privacy mode: visitors from the EEA kept with their country only (owners and admins switch it). */
export function EuPrivacyToggle() {
  const intl = useIntl();
  const query = useAnalyticsSettings();
  const save = useSaveAnalyticsSettings();
  const mayChange = useCan('data.export');
  return (
    <SettingSwitch
      label={intl.formatMessage({ id: 'analytics.euPrivacy.label', defaultMessage: 'EU privacy mode' })}
      hint={
        <>
          <FormattedMessage
            id="analytics.euPrivacy.hint"
            defaultMessage="Scans from the European Economic Area keep only their country: no region or city is worked out from the scanner's address. Applies to scans from now on."
          />
          {!mayChange && (
            <>
              {' '}
              <FormattedMessage id="analytics.euPrivacy.ownersOnly" defaultMessage="Owners and admins of the workspace can change it." />
            </>
          )}
        </>
      }
      checked={query.data?.euPrivacy ?? false}
      loading={query.isLoading}
      disabled={save.isPending || query.isError || !mayChange}
      onChange={(checked) => save.mutate(checked)}
      saveError={save.isError ? save.error : null}
    >
      {query.isError && (
        <p role="alert" className="text-sm text-destructive">
          <FormattedMessage
            id="analytics.euPrivacy.loadFailed"
            defaultMessage="Could not load this setting: {reason}"
            values={{ reason: getErrorMessage(query.error, intl.formatMessage({ id: 'analytics.euPrivacy.tryLater', defaultMessage: 'Try again later.' })) }}
          />
        </p>
      )}
    </SettingSwitch>
  );
}
