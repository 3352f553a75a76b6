import { UpdateQrCodeDto, type QrCodeView } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useUpdateQrCode } from '../api/qr-codes';

/** The Edit URL tab: a new destination takes effect for every printed copy within a second. */
export function EditUrlForm({ code, onSaved }: { code: QrCodeView; onSaved: () => void }) {
  const intl = useIntl();
  const update = useUpdateQrCode(code.id);
  const form = useDtoForm(
    UpdateQrCodeDto,
    { name: code.name, destinationUrl: code.destinationUrl },
    {
      idPrefix: 'edit-',
      onSubmit: async (values) => {
        try {
          await update.mutateAsync({ name: values.name.trim(), destinationUrl: values.destinationUrl.trim() });
        } catch (error) {
          form.setErrorsFromResponse(error);
          toast({
            variant: 'destructive',
            title: intl.formatMessage({ id: 'codesCreate.toast.updateError', defaultMessage: 'Error Updating QR Code' }),
            description: getErrorMessage(error, intl.formatMessage({ id: 'codesCreate.toast.updateFallback', defaultMessage: 'Something went wrong while updating your QR code.' })),
          });
          return;
        }
        toast({ title: intl.formatMessage({ id: 'codesCreate.toast.updated', defaultMessage: 'QR Code Updated' }), description: intl.formatMessage({ id: 'codesCreate.editUrl.saved', defaultMessage: 'Scans now go to the new address. The printed code stays the same.' }) });
        onSaved();
      },
    },
  );

  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-5">
      <FormField id={form.fieldId('name')} label={intl.formatMessage({ id: 'codesCreate.form.nameLabel', defaultMessage: 'Name' })} error={form.errors.name}>
        <Input {...form.inputProps('name')} maxLength={120} autoComplete="off" />
      </FormField>
      <FormField id={form.fieldId('destinationUrl')} label={intl.formatMessage({ id: 'codesCreate.form.destinationLabel', defaultMessage: 'Destination URL' })}
        error={form.errors.destinationUrl}
        hint={intl.formatMessage({ id: 'codesCreate.editUrl.destinationHint', defaultMessage: 'Where scans of this code go from now on.' })}
      >
        <Input {...form.inputProps('destinationUrl')} type="url" inputMode="url" autoComplete="url" />
      </FormField>
      <Button type="submit" disabled={form.isSubmitting} className="justify-self-start">
        {form.isSubmitting && <Spinner />}
        {form.isSubmitting ? (
          <FormattedMessage id="codesCreate.common.saving" defaultMessage="Saving..." />
        ) : (
          <FormattedMessage id="codesCreate.editUrl.save" defaultMessage="Update URL" />
        )}
      </Button>
    </form>
  );
}
