import type { QrCodeView, UniqueWindow } from '@qrd/contracts';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useUpdateQrCode } from '../api/qr-codes';
import { Section, SELECT } from './campaign-section';

const labels = defineMessages({
  hour: { id: 'codesCreate.unique.hour', defaultMessage: 'Once per hour' },
  day: { id: 'codesCreate.unique.day', defaultMessage: 'Once per day' },
});

const CHOICES: { value: UniqueWindow; label: MessageDescriptor }[] = [
  { value: 'hour', label: labels.hour },
  { value: 'day', label: labels.day },
];

/**
 * How often one person counts as a unique scanner in the code's analytics (docs/conversions.md,
 * "Unique visitors"). Saved on its own: it changes no redirect, and it applies to scans from now on.
 */
export function UniqueWindowSetting({ code }: { code: QrCodeView }) {
  const intl = useIntl();
  const update = useUpdateQrCode(code.id);
  const current = code.uniqueWindow ?? 'day';
  const [choice, setChoice] = useState<UniqueWindow>(current);
  const [error, setError] = useState<string | undefined>();

  async function save() {
    setError(undefined);
    try {
      await update.mutateAsync({ uniqueWindow: choice });
      toast({
        title: intl.formatMessage({ id: 'codesCreate.unique.savedTitle', defaultMessage: 'Unique Scanners Setting Saved' }),
        description: intl.formatMessage(
          {
            id: 'codesCreate.unique.savedDescription',
            defaultMessage:
              'From now on a visitor counts as a unique scanner {window, select, hour {once per hour} other {once per day}}; figures already counted stay as they are.',
          },
          { window: choice },
        ),
      });
    } catch (e) {
      setError(getFieldErrors(e).uniqueWindow ?? getErrorMessage(e, intl.formatMessage({ id: 'codesCreate.unique.saveFailed', defaultMessage: 'Something went wrong while saving how unique scanners are counted.' })));
    }
  }

  return (
    <Section
      title={intl.formatMessage({ id: 'codesCreate.unique.title', defaultMessage: 'Unique scanners' })}
      hint={intl.formatMessage({
        id: 'codesCreate.unique.hint',
        defaultMessage:
          "How often one person (one device) counts as a unique scanner in this code's analytics. A change counts from now on: scans already counted keep their count.",
      })}
    >
      <div className="grid items-end gap-2 sm:grid-cols-[16rem_auto]">
        <FormField id="unique-window" label={intl.formatMessage({ id: 'codesCreate.unique.label', defaultMessage: 'Count each visitor' })} error={error}>
          <select
            id="unique-window"
            className={SELECT}
            value={choice}
            onChange={(e) => {
              setChoice(e.target.value as UniqueWindow);
              setError(undefined);
            }}
          >
            {CHOICES.map(({ value, label }) => (
              <option key={value} value={value}>
                {intl.formatMessage(label)}
              </option>
            ))}
          </select>
        </FormField>
        <Button type="button" variant="outline" className="justify-self-start" disabled={choice === current || update.isPending} onClick={() => void save()}>
          {update.isPending && <Spinner />} <FormattedMessage id="codesCreate.unique.save" defaultMessage="Save counting" />
        </Button>
      </div>
    </Section>
  );
}
