import type { WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteWebhook, useRotateWebhookSecret, useSendWebhookTest, useUpdateWebhook } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

function status(endpoint: WebhookEndpointView): { label: string; variant: 'success' | 'secondary' | 'warning' } {
  if (endpoint.enabled) return { label: 'Enabled', variant: 'success' };
  return endpoint.disabledReason === 'failures' ? { label: 'Disabled after failures', variant: 'warning' } : { label: 'Disabled', variant: 'secondary' };
}

/** The account's endpoints: enable or disable, test, rotate the secret, delete, and each one's delivery log. */
export function WebhookList({ endpoints, onSecret }: { endpoints: WebhookEndpointView[]; onSecret: (endpoint: WebhookEndpointWithSecret) => void }) {
  const update = useUpdateWebhook();
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({ variant: 'destructive', title: failed, description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="Webhook endpoints">
        {endpoints.map((endpoint) => {
          const state = status(endpoint);
          const logId = `webhook-log-${endpoint.id}`;
          return (
            <li key={endpoint.id} className="grid gap-3 p-3">
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium break-all">{endpoint.url}</span>
                  <Badge variant={state.variant}>{state.label}</Badge>
                </div>
                <p className="text-sm text-muted-foreground break-words">{endpoint.events.join(', ')}</p>
                {endpoint.consecutiveFailures > 0 && (
                  <p className="text-sm text-destructive">{endpoint.consecutiveFailures} events in a row could not be delivered.</p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={open === endpoint.id}
                  aria-controls={logId}
                  onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}
                >
                  {open === endpoint.id ? 'Hide deliveries' : 'Deliveries'}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={update.isPending}
                  onClick={() =>
                    void run(
                      () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }),
                      endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled',
                      'Failed to change the endpoint',
                    )
                  }
                >
                  {endpoint.enabled ? 'Disable' : 'Enable'}
                </Button>
                {endpoint.enabled && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={test.isPending}
                    onClick={() => void run(() => test.mutateAsync(endpoint.id), 'Test event sent', 'Failed to send a test event')}
                  >
                    Send test event
                  </Button>
                )}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={rotate.isPending}
                  onClick={() => void run(async () => onSecret(await rotate.mutateAsync(endpoint.id)), 'New secret made', 'Failed to rotate the secret')}
                >
                  Rotate secret
                </Button>
                <Button type="button" variant="outline" size="sm" onClick={() => setDeleting(endpoint)} aria-label={`Delete ${endpoint.url}`}>
                  Delete
                </Button>
              </div>
              {open === endpoint.id && (
                <div id={logId}>
                  <WebhookDeliveries endpointId={endpoint.id} canResend={endpoint.enabled} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog open={deleting !== null} onOpenChange={(isOpen) => !isOpen && !remove.isPending && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this endpoint?</DialogTitle>
            <DialogDescription className="break-all">
              {deleting?.url} receives no more events, and its delivery log is deleted. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                deleting &&
                void run(() => remove.mutateAsync(deleting.id), 'Endpoint deleted', 'Failed to delete the endpoint').then(() => setDeleting(null))
              }
            >
              {remove.isPending && <Spinner />}
              Delete endpoint
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
