import { CreateWebhookDto, WEBHOOK_EVENT_TYPES, type WebhookEndpointWithSecret, type WebhookEventType } from '@qrd/contracts';
import { useState, type FormEvent } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage, getFieldErrors } from '../../../lib/api-client';
import { validateForm } from '../../../lib/form';
import { useCreateWebhook } from '../api/webhooks';

export const EVENT_LABELS = defineMessages<WebhookEventType>({
  'code.created': { id: 'account.createWebhook.eventCodeCreated', defaultMessage: 'A code is created' },
  'code.updated': { id: 'account.createWebhook.eventCodeUpdated', defaultMessage: 'A code is changed' },
  'code.deleted': { id: 'account.createWebhook.eventCodeDeleted', defaultMessage: 'A code is deleted' },
  'scan.created': { id: 'account.createWebhook.eventScanCreated', defaultMessage: 'Codes are scanned (in batches, every few seconds)' },
  'subscription.updated': { id: 'account.createWebhook.eventSubscriptionUpdated', defaultMessage: 'Your subscription changes' },
  'lead.created': { id: 'account.createWebhook.eventLeadCreated', defaultMessage: 'A lead is recorded against a scan (conversions)' },
  'sale.created': { id: 'account.createWebhook.eventSaleCreated', defaultMessage: 'A sale is recorded against a scan (conversions)' },
});

/** An example of an endpoint's address (a URL, the same in every language). */
const URL_EXAMPLE = 'https://example.com/hooks/qr';

/** URL and events; the new endpoint (with its secret) goes to `onCreated` to be shown once. */
export function CreateWebhookForm({ onCreated }: { onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const intl = useIntl();
  const mutation = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const toggle = (type: WebhookEventType, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((t) => t !== type)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { url: url.trim(), events: WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)) };
    const problems = await validateForm(CreateWebhookDto, input);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    try {
      const created = await mutation.mutateAsync(input);
      setUrl('');
      setEvents([...WEBHOOK_EVENT_TYPES]);
      onCreated(created);
    } catch (error) {
      setErrors(getFieldErrors(error));
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.createWebhook.failed', defaultMessage: 'Failed to add the endpoint' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField
        id="webhook-url"
        label={intl.formatMessage({ id: 'account.createWebhook.url', defaultMessage: 'Endpoint URL' })}
        error={errors.url}
        hint={intl.formatMessage({ id: 'account.createWebhook.urlHint', defaultMessage: 'We POST each event here as JSON.' })}
      >
        <Input
          id="webhook-url"
          type="url"
          inputMode="url"
          placeholder={URL_EXAMPLE}
          value={url}
          maxLength={2048}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? 'webhook-url-error' : undefined}
        />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">
          <FormattedMessage id="account.createWebhook.events" defaultMessage="Events" />
        </legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="flex cursor-pointer items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
            <span>
              <code className="font-mono">{type}</code>
              <span className="block text-muted-foreground">{intl.formatMessage(EVENT_LABELS[type])}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p role="alert" className="text-sm text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending && <Spinner />}
          <FormattedMessage id="account.createWebhook.submit" defaultMessage="Add endpoint" />
        </Button>
      </div>
    </form>
  );
}
