import type { WebhookDeliveryView } from '@qrd/contracts';
import { RotateCw } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

const outcomes = defineMessages({
  succeeded: { id: 'account.deliveries.delivered', defaultMessage: 'Delivered' },
  failed: { id: 'account.deliveries.failed', defaultMessage: 'Failed' },
  refused: { id: 'account.deliveries.notSent', defaultMessage: 'Not sent' },
  pending: { id: 'account.deliveries.pending', defaultMessage: 'Pending' },
});

const OUTCOME: Record<WebhookDeliveryView['outcome'], { label: MessageDescriptor; variant: 'success' | 'destructive' | 'warning' | 'secondary' }> = {
  succeeded: { label: outcomes.succeeded, variant: 'success' },
  failed: { label: outcomes.failed, variant: 'destructive' },
  refused: { label: outcomes.refused, variant: 'warning' },
  pending: { label: outcomes.pending, variant: 'secondary' },
};

/** The receiver's answer as HTTP names it (a protocol status, the same in every language). */
const httpStatus = (code: number) => `HTTP ${code}`;

/** The latest attempts to deliver to one endpoint: what the receiver answered, how fast; each can be sent again. */
export function WebhookDeliveries({ endpointId, canResend }: { endpointId: string; canResend: boolean }) {
  const intl = useIntl();
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();
  const tryAgainLater = () => intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' });
  const time = (iso: string) => intl.formatDate(new Date(iso), { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

  const again = async (delivery: WebhookDeliveryView) => {
    try {
      await resend.mutateAsync({ id: endpointId, deliveryId: delivery.id });
      toast({
        title: intl.formatMessage({ id: 'account.deliveries.sentAgain', defaultMessage: 'Sent again' }),
        description: intl.formatMessage({ id: 'account.deliveries.sentAgainDescription', defaultMessage: '{event} is on its way.' }, { event: delivery.eventType }),
      });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.deliveries.resendFailed', defaultMessage: 'Failed to resend' }),
        description: getErrorMessage(error, tryAgainLater()),
      });
    }
  };

  if (deliveries.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> <FormattedMessage id="account.deliveries.loading" defaultMessage="Loading deliveries…" />
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">
          <FormattedMessage
            id="account.deliveries.loadFailed"
            defaultMessage="Could not load the deliveries: {reason}"
            values={{ reason: getErrorMessage(deliveries.error, tryAgainLater()) }}
          />
        </p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void deliveries.refetch()}>
          <FormattedMessage id="account.common.tryAgainButton" defaultMessage="Try again" />
        </Button>
      </div>
    );
  }
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="account.deliveries.empty" defaultMessage="No deliveries yet. Send a test event to see one." />
      </p>
    );

  return (
    <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.deliveries.label', defaultMessage: 'Deliveries' })}>
      {deliveries.data.map((delivery) => {
        const outcome = OUTCOME[delivery.outcome];
        const when = time(delivery.createdAt);
        const answer =
          delivery.statusCode !== null ? httpStatus(delivery.statusCode) : intl.formatMessage({ id: 'account.deliveries.noAnswer', defaultMessage: 'No answer' });
        return (
          <li key={delivery.id} className="grid gap-1 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={outcome.variant}>{intl.formatMessage(outcome.label)}</Badge>
              <code className="font-mono">{delivery.eventType}</code>
              <span className="text-muted-foreground">
                {delivery.latencyMs !== null ? (
                  <FormattedMessage
                    id="account.deliveries.detailsWithLatency"
                    defaultMessage="{answer} · {latency} · attempt {attempt} · {time}"
                    values={{
                      answer,
                      latency: intl.formatNumber(delivery.latencyMs, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' }),
                      attempt: delivery.attempt,
                      time: when,
                    }}
                  />
                ) : (
                  <FormattedMessage
                    id="account.deliveries.details"
                    defaultMessage="{answer} · attempt {attempt} · {time}"
                    values={{ answer, attempt: delivery.attempt, time: when }}
                  />
                )}
              </span>
              {canResend && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ms-auto"
                  disabled={resend.isPending}
                  onClick={() => void again(delivery)}
                  aria-label={intl.formatMessage(
                    { id: 'account.deliveries.resendLabel', defaultMessage: 'Resend {event} of {time}' },
                    { event: delivery.eventType, time: when },
                  )}
                >
                  <RotateCw aria-hidden="true" /> <FormattedMessage id="account.deliveries.resend" defaultMessage="Resend" />
                </Button>
              )}
            </div>
            {delivery.error && (delivery.statusCode === null || delivery.error !== httpStatus(delivery.statusCode)) && (
              <p className="text-destructive break-words">{delivery.error}</p>
            )}
            {delivery.responseExcerpt && (
              <pre
                className="max-h-24 overflow-auto rounded bg-muted px-2 py-1 font-mono text-xs whitespace-pre-wrap break-all"
                aria-label={intl.formatMessage({ id: 'account.deliveries.response', defaultMessage: 'Response' })}
              >
                {delivery.responseExcerpt}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
