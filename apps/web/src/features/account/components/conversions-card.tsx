import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
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
      toast({
        title: intl.formatMessage({ id: 'account.conversions.connected', defaultMessage: 'Stripe conversions connected' }),
        description: intl.formatMessage({
          id: 'account.conversions.connectedDescription',
          defaultMessage: 'Completed Checkout Sessions that carry a qrd_id now count as sales.',
        }),
      });
    } catch (failure) {
      setError(getFieldErrors(failure).stripeWebhookSecret ?? getErrorMessage(failure, intl.formatMessage({ id: 'account.conversions.saveFailed', defaultMessage: 'The secret could not be saved.' })));
    }
  };
  const disconnect = async () => {
    try {
      await save.mutateAsync(null);
      toast({ title: intl.formatMessage({ id: 'account.conversions.disconnected', defaultMessage: 'Stripe conversions disconnected' }) });
    } catch (failure) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.conversions.disconnectFailed', defaultMessage: 'Could not disconnect' }),
        description: getErrorMessage(failure, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.conversions.title" defaultMessage="Conversions from Stripe" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.conversions.description"
            defaultMessage="Count sales made with your own Stripe account against the scan that brought the buyer: put the scan id your page received (qrd_id) in the Checkout Session's metadata, and send checkout.session.completed to this endpoint."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <QueryState
          look="stacked"
          isLoading={settings.isPending}
          error={settings.isError ? settings.error : null}
          onRetry={() => void settings.refetch()}
          loading={intl.formatMessage({ id: 'account.conversions.loading', defaultMessage: 'Loading your conversion settings…' })}
          failure={(failure) =>
            intl.formatMessage(
              { id: 'account.conversions.loadFailed', defaultMessage: 'Could not load your conversion settings: {reason}' },
              { reason: getErrorMessage(failure, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })) },
            )
          }
        />
        {settings.isSuccess && (
          <>
            <FormField id="conversions-endpoint" label={intl.formatMessage({ id: 'account.conversions.endpoint', defaultMessage: 'Endpoint URL for your Stripe dashboard' })}>
              <Input id="conversions-endpoint" readOnly value={settings.data.stripeEndpointUrl} onFocus={(e) => e.currentTarget.select()} />
            </FormField>
            <p className="text-sm text-muted-foreground">
              <FormattedMessage
                id="account.conversions.status"
                defaultMessage="{connected, select, true {Connected: sales arrive from Stripe.} other {Not connected yet.}} Leads and sales count within {days, plural, one {# day} other {# days}} of their scan."
                values={{ connected: String(settings.data.stripeConfigured), days: settings.data.attributionWindowDays }}
              />
            </p>
            <form onSubmit={(e) => void submit(e)} className="grid gap-3">
              <FormField id="conversions-secret" label={intl.formatMessage({ id: 'account.conversions.secret', defaultMessage: 'Signing secret of that endpoint' })}
                error={error}
                hint={intl.formatMessage({ id: 'account.conversions.secretHint', defaultMessage: "It starts with whsec_ and is shown in Stripe's dashboard." })}
              >
                <Input id="conversions-secret" value={secret} autoComplete="off" onChange={(e) => setSecret(e.target.value)} aria-invalid={error ? true : undefined} />
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={save.isPending || secret.trim() === ''}>
                  {save.isPending && <Spinner />} {settings.data.stripeConfigured ? (
                    <FormattedMessage id="account.conversions.replace" defaultMessage="Replace secret" />
                  ) : (
                    <FormattedMessage id="account.conversions.connect" defaultMessage="Connect" />
                  )}
                </Button>
                {settings.data.stripeConfigured && (
                  <Button type="button" variant="outline" disabled={save.isPending} onClick={() => void disconnect()}>
                    <FormattedMessage id="account.conversions.disconnect" defaultMessage="Disconnect" />
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
