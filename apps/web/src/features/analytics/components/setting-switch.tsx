import { useId, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';

interface SettingSwitchProps {
  label: string;
  hint: ReactNode;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  saveError: unknown;
  /** Shown under the switch (a load failure with its retry, what the last save did). */
  children?: ReactNode;
}

/** One account setting as a labelled switch with its explanation and what went wrong saving it. */
export function SettingSwitch({ label, hint, checked, loading, disabled, onChange, saveError, children }: SettingSwitchProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="grid gap-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            {hint}
          </p>
        </div>
        {loading ? (
          <Spinner />
        ) : (
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="size-5 accent-primary"
            checked={checked}
            disabled={disabled}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange(event.target.checked)}
          />
        )}
      </div>
      {children}
      {saveError != null && (
        <p role="alert" className="text-sm text-destructive">
          {getErrorMessage(saveError, intl.formatMessage({ id: 'analytics.settingSwitch.saveFailed', defaultMessage: 'Could not save this setting. Try again.' }))}
        </p>
      )}
    </div>
  );
}
