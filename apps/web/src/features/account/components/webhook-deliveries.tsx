import type { WebhookDeliveryView } from '@qrd/contracts';
import { RotateCw } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';

const time = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

const OUTCOME: Record<WebhookDeliveryView['outcome'], { label: string; variant: 'success' | 'destructive' | 'warning' | 'secondary' }> = {
  succeeded: { label: 'Delivered', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
  refused: { label: 'Not sent', variant: 'warning' },
  pending: { label: 'Pending', variant: 'secondary' },
};

/** The latest attempts to deliver to one endpoint: what the receiver answered, how fast; each can be sent again. */
export function WebhookDeliveries({ endpointId, canResend }: { endpointId: string; canResend: boolean }) {
  const deliveries = useWebhookDeliveries(endpointId);
  const resend = useResendWebhookDelivery();

  const again = async (delivery: WebhookDeliveryView) => {
    try {
      await resend.mutateAsync({ id: endpointId, deliveryId: delivery.id });
      toast({ title: 'Sent again', description: `${delivery.eventType} is on its way.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to resend', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  if (deliveries.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading deliveries…
      </p>
    );
  }
  if (deliveries.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">Could not load the deliveries: {getErrorMessage(deliveries.error, 'Please try again later.')}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void deliveries.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (deliveries.data.length === 0) return <p className="text-sm text-muted-foreground">No deliveries yet. Send a test event to see one.</p>;

  return (
    <ul className="divide-y rounded-md border" aria-label="Deliveries">
      {deliveries.data.map((delivery) => {
        const outcome = OUTCOME[delivery.outcome];
        return (
          <li key={delivery.id} className="grid gap-1 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={outcome.variant}>{outcome.label}</Badge>
              <code className="font-mono">{delivery.eventType}</code>
              <span className="text-muted-foreground">
                {delivery.statusCode !== null ? `HTTP ${delivery.statusCode}` : 'No answer'}
                {delivery.latencyMs !== null ? ` · ${delivery.latencyMs} ms` : ''} · attempt {delivery.attempt} · {time.format(new Date(delivery.createdAt))}
              </span>
              {canResend && (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="ml-auto"
                  disabled={resend.isPending}
                  onClick={() => void again(delivery)}
                  aria-label={`Resend ${delivery.eventType} of ${time.format(new Date(delivery.createdAt))}`}
                >
                  <RotateCw aria-hidden="true" /> Resend
                </Button>
              )}
            </div>
            {delivery.error && delivery.error !== `HTTP ${delivery.statusCode}` && <p className="text-destructive break-words">{delivery.error}</p>}
            {delivery.responseExcerpt && (
              <pre className="max-h-24 overflow-auto rounded bg-muted px-2 py-1 font-mono text-xs whitespace-pre-wrap break-all" aria-label="Response">
                {delivery.responseExcerpt}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
