import { BillingDetailsDto, type BillingDetailsView } from '@qrd/contracts';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useBillingDetails, useSaveBillingDetails } from '../api/invoices';

const LABELS = defineMessages<string>({
  name: { id: 'billing.details.name', defaultMessage: 'Name' },
  company: { id: 'billing.details.company', defaultMessage: 'Company (optional)' },
  addressLine1: { id: 'billing.details.address', defaultMessage: 'Address' },
  addressLine2: { id: 'billing.details.address2', defaultMessage: 'Address line 2 (optional)' },
  postalCode: { id: 'billing.details.postalCode', defaultMessage: 'Postal code' },
  city: { id: 'billing.details.city', defaultMessage: 'City' },
  country: { id: 'billing.details.country', defaultMessage: 'Country' },
  vatId: { id: 'billing.details.vatId', defaultMessage: 'VAT number (optional)' },
});

const FIELDS: { key: keyof BillingDetailsView; label: MessageDescriptor; autoComplete: string; wide?: boolean }[] = [
  { key: 'name', label: LABELS.name, autoComplete: 'name' },
  { key: 'company', label: LABELS.company, autoComplete: 'organization' },
  { key: 'addressLine1', label: LABELS.addressLine1, autoComplete: 'address-line1', wide: true },
  { key: 'addressLine2', label: LABELS.addressLine2, autoComplete: 'address-line2', wide: true },
  { key: 'postalCode', label: LABELS.postalCode, autoComplete: 'postal-code' },
  { key: 'city', label: LABELS.city, autoComplete: 'address-level2' },
  { key: 'country', label: LABELS.country, autoComplete: 'country-name' },
  { key: 'vatId', label: LABELS.vatId, autoComplete: 'off' },
];

function DetailsForm({ details }: { details: BillingDetailsView }) {
  const intl = useIntl();
  const save = useSaveBillingDetails();
  const form = useDtoForm(BillingDetailsDto, { ...details }, {
    idPrefix: 'billing-',
    onSubmit: async (values) => {
      try {
        await save.mutateAsync(values);
        toast({
          title: intl.formatMessage({ id: 'billing.details.saved', defaultMessage: 'Billing details saved' }),
          description: intl.formatMessage({ id: 'billing.details.savedText', defaultMessage: 'They are printed on your next invoices.' }),
        });
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({
          variant: 'destructive',
          title: intl.formatMessage({ id: 'billing.details.saveFailed', defaultMessage: 'Could not save' }),
          description: getErrorMessage(error, intl.formatMessage({ id: 'billing.details.tryLater', defaultMessage: 'Please try again later.' })),
        });
      }
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <FormField key={field.key} id={form.fieldId(field.key)} label={intl.formatMessage(field.label)} error={form.errors[field.key]} className={field.wide ? 'sm:col-span-2' : undefined}>
          <Input {...form.inputProps(field.key)} autoComplete={field.autoComplete} />
        </FormField>
      ))}
      <div className="sm:col-span-2 sm:justify-self-end">
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner />}
          <FormattedMessage id="billing.details.save" defaultMessage="Save billing details" />
        </Button>
      </div>
    </form>
  );
}

/** Name, company, address and VAT number printed on invoices issued from now on. */
export function BillingDetailsCard() {
  const details = useBillingDetails();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="billing.details.title" defaultMessage="Billing details" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage id="billing.details.description" defaultMessage="Printed on your invoices from the next one on." />
        </CardDescription>
      </CardHeader>
      <CardContent>
        {details.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> <FormattedMessage id="billing.details.loading" defaultMessage="Loading your billing details..." />
          </p>
        ) : details.data ? (
          <DetailsForm details={details.data} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p role="alert">
              <FormattedMessage id="billing.details.loadFailed" defaultMessage="Could not load your billing details. Please try again later." />
            </p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void details.refetch()}>
              <FormattedMessage id="billing.details.tryAgain" defaultMessage="Try again" />
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
