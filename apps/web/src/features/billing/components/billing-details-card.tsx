import { BillingDetailsDto, type BillingDetailsView } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDtoForm } from '../../../lib/form';
import { useBillingDetails, useSaveBillingDetails } from '../api/invoices';

const FIELDS: { key: keyof BillingDetailsView; label: string; autoComplete: string; wide?: boolean }[] = [
  { key: 'name', label: 'Name', autoComplete: 'name' },
  { key: 'company', label: 'Company (optional)', autoComplete: 'organization' },
  { key: 'addressLine1', label: 'Address', autoComplete: 'address-line1', wide: true },
  { key: 'addressLine2', label: 'Address line 2 (optional)', autoComplete: 'address-line2', wide: true },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { key: 'city', label: 'City', autoComplete: 'address-level2' },
  { key: 'country', label: 'Country', autoComplete: 'country-name' },
  { key: 'vatId', label: 'VAT number (optional)', autoComplete: 'off' },
];

function DetailsForm({ details }: { details: BillingDetailsView }) {
  const save = useSaveBillingDetails();
  const form = useDtoForm(BillingDetailsDto, { ...details }, {
    idPrefix: 'billing-',
    onSubmit: async (values) => {
      try {
        await save.mutateAsync(values);
        toast({ title: 'Billing details saved', description: 'They are printed on your next invoices.' });
      } catch (error) {
        form.setErrorsFromResponse(error);
        toast({ variant: 'destructive', title: 'Could not save', description: getErrorMessage(error, 'Please try again later.') });
      }
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit} className="grid gap-4 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <FormField key={field.key} id={form.fieldId(field.key)} label={field.label} error={form.errors[field.key]} className={field.wide ? 'sm:col-span-2' : undefined}>
          <Input {...form.inputProps(field.key)} autoComplete={field.autoComplete} />
        </FormField>
      ))}
      <div className="sm:col-span-2 sm:justify-self-end">
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting && <Spinner />}
          Save billing details
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
        <CardTitle as="h2">Billing details</CardTitle>
        <CardDescription>Printed on your invoices from the next one on.</CardDescription>
      </CardHeader>
      <CardContent>
        {details.isLoading ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Loading your billing details...
          </p>
        ) : details.data ? (
          <DetailsForm details={details.data} />
        ) : (
          <div className="grid gap-2 text-sm">
            <p role="alert">Could not load your billing details. Please try again later.</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void details.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
