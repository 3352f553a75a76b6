import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { QueryState } from '../../../components/query-state';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { useConversionSettings, useSaveConversionSettings } from '../api/conversions';

/**
 * Sales from the workspace's own Stripe account (docs/conversions.md): the endpoint to create in
 * Stripe for checkout.session.completed, and its signing secret.
 */
export function ConversionsCard() {
  const settings = useConversionSettings();
  const save = useSaveConversionSettings();
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      await save.mutateAsync(secret.trim());
      setSecret('');
      toast({ title: 'Stripe conversions connected', description: 'Completed Checkout Sessions that carry a qrd_id now count as sales.' });
    } catch (failure) {
      setError(getFieldErrors(failure).stripeWebhookSecret ?? getErrorMessage(failure, 'The secret could not be saved.'));
    }
  };
  const disconnect = async () => {
    try {
      await save.mutateAsync(null);
      toast({ title: 'Stripe conversions disconnected' });
    } catch (failure) {
      toast({ variant: 'destructive', title: 'Could not disconnect', description: getErrorMessage(failure, 'Please try again later.') });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Conversions from Stripe</CardTitle>
        <CardDescription>
          Count sales made with your own Stripe account against the scan that brought the buyer: put the scan id your page received (qrd_id)
          in the Checkout Session&apos;s metadata, and send checkout.session.completed to this endpoint.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          look="stacked"
          isLoading={settings.isPending}
          error={settings.isError ? settings.error : null}
          onRetry={() => void settings.refetch()}
          loading="Loading your conversion settings…"
          failure={(failure) => `Could not load your conversion settings: ${getErrorMessage(failure, 'Please try again later.')}`}
        />
        {settings.isSuccess && (
          <>
            <FormField id="conversions-endpoint" label="Endpoint URL for your Stripe dashboard">
              <Input id="conversions-endpoint" readOnly value={settings.data.stripeEndpointUrl} onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <p className="text-sm text-muted-foreground">
              {settings.data.stripeConfigured ? 'Connected: sales arrive from Stripe.' : 'Not connected yet.'} Leads and sales count within{' '}
              {settings.data.attributionWindowDays} days of their scan.
            </p>
            <form onSubmit={(e) => void submit(e)} className="grid gap-3">
              <FormField id="conversions-secret" label="Signing secret of that endpoint" error={error} hint="It starts with whsec_ and is shown in Stripe's dashboard.">
                <Input id="conversions-secret" value={secret} autoComplete="off" onChange={(e) => setSecret(e.target.value)} aria-invalid={error ? true : undefined} />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending || secret.trim() === ''}>
                  {save.isPending && <Spinner />} {settings.data.stripeConfigured ? 'Replace secret' : 'Connect'}
                </Button>
                {settings.data.stripeConfigured && (
                  <Button type="button" variant="outline" disabled={save.isPending} onClick={() => void disconnect()}>
                    Disconnect
                  </Button>
                )}
              </div>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}
