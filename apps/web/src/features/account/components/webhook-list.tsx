import type { WebhookEndpointView, WebhookEndpointWithSecret } from '@qrd/contracts';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useDeleteWebhook, useRotateWebhookSecret, useSendWebhookTest, useUpdateWebhook } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

const messages = defineMessages({
  enabled: { id: 'account.webhookList.statusEnabled', defaultMessage: 'Enabled' },
  disabledAfterFailures: { id: 'account.webhookList.statusDisabledAfterFailures', defaultMessage: 'Disabled after failures' },
  disabled: { id: 'account.webhookList.statusDisabled', defaultMessage: 'Disabled' },
  endpointDisabled: { id: 'account.webhookList.endpointDisabled', defaultMessage: 'Endpoint disabled' },
  endpointEnabled: { id: 'account.webhookList.endpointEnabled', defaultMessage: 'Endpoint enabled' },
  changeFailed: { id: 'account.webhookList.changeFailed', defaultMessage: 'Failed to change the endpoint' },
  testSent: { id: 'account.webhookList.testSent', defaultMessage: 'Test event sent' },
  testFailed: { id: 'account.webhookList.testFailed', defaultMessage: 'Failed to send a test event' },
  rotated: { id: 'account.webhookList.rotated', defaultMessage: 'New secret made' },
  rotateFailed: { id: 'account.webhookList.rotateFailed', defaultMessage: 'Failed to rotate the secret' },
  deleted: { id: 'account.webhookList.deleted', defaultMessage: 'Endpoint deleted' },
  deleteFailed: { id: 'account.webhookList.deleteFailed', defaultMessage: 'Failed to delete the endpoint' },
});

function status(endpoint: WebhookEndpointView): { label: MessageDescriptor; variant: 'success' | 'secondary' | 'warning' } {
  if (endpoint.enabled) return { label: messages.enabled, variant: 'success' };
  return endpoint.disabledReason === 'failures'
    ? { label: messages.disabledAfterFailures, variant: 'warning' }
    : { label: messages.disabled, variant: 'secondary' };
}

/** The account's endpoints: enable or disable, test, rotate the secret, delete, and each one's delivery log. */
export function WebhookList({ endpoints, onSecret }: { endpoints: WebhookEndpointView[]; onSecret: (endpoint: WebhookEndpointWithSecret) => void }) {
  const intl = useIntl();
  const update = useUpdateWebhook();
  const test = useSendWebhookTest();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);

  const run = async (work: () => Promise<unknown>, done: MessageDescriptor, failed: MessageDescriptor) => {
    try {
      await work();
      toast({ title: intl.formatMessage(done) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage(failed),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.webhookList.label', defaultMessage: 'Webhook endpoints' })}>
        {endpoints.map((endpoint) => {
          const state = status(endpoint);
          const logId = `webhook-log-${endpoint.id}`;
          return (
            <li key={endpoint.id} className="grid gap-3 p-3">
              <div className="grid min-w-0 gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 font-medium break-all">{endpoint.url}</span>
                  <Badge variant={state.variant}>{intl.formatMessage(state.label)}</Badge>
                </div>
                <p className="text-sm text-muted-foreground break-words">{intl.formatList(endpoint.events, { type: 'unit', style: 'short' })}</p>
                {endpoint.consecutiveFailures > 0 && (
                  <p className="text-sm text-destructive">
                    <FormattedMessage
                      id="account.webhookList.failures"
                      defaultMessage="{count, plural, one {# event in a row could not be delivered.} other {# events in a row could not be delivered.}}"
                      values={{ count: endpoint.consecutiveFailures }}
                    />
                  </p>
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
                  {open === endpoint.id ? (
                    <FormattedMessage id="account.webhookList.hideDeliveries" defaultMessage="Hide deliveries" />
                  ) : (
                    <FormattedMessage id="account.webhookList.deliveries" defaultMessage="Deliveries" />
                  )}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={update.isPending}
                  onClick={() =>
                    void run(
                      () => update.mutateAsync({ id: endpoint.id, enabled: !endpoint.enabled }),
                      endpoint.enabled ? messages.endpointDisabled : messages.endpointEnabled,
                      messages.changeFailed,
                    )
                  }
                >
                  {endpoint.enabled ? (
                    <FormattedMessage id="account.webhookList.disable" defaultMessage="Disable" />
                  ) : (
                    <FormattedMessage id="account.webhookList.enable" defaultMessage="Enable" />
                  )}
                </Button>
                {endpoint.enabled && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={test.isPending}
                    onClick={() => void run(() => test.mutateAsync(endpoint.id), messages.testSent, messages.testFailed)}
                  >
                    <FormattedMessage id="account.webhookList.sendTest" defaultMessage="Send test event" />
                  </Button>
                )}
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={rotate.isPending}
                  onClick={() => void run(async () => onSecret(await rotate.mutateAsync(endpoint.id)), messages.rotated, messages.rotateFailed)}
                >
                  <FormattedMessage id="account.webhookList.rotate" defaultMessage="Rotate secret" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setDeleting(endpoint)}
                  aria-label={intl.formatMessage({ id: 'account.webhookList.deleteLabel', defaultMessage: 'Delete {url}' }, { url: endpoint.url })}
                >
                  <FormattedMessage id="account.webhookList.delete" defaultMessage="Delete" />
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
            <DialogTitle>
              <FormattedMessage id="account.webhookList.deleteTitle" defaultMessage="Delete this endpoint?" />
            </DialogTitle>
            <DialogDescription className="break-all">
              <FormattedMessage
                id="account.webhookList.deleteDescription"
                defaultMessage="{url} receives no more events, and its delivery log is deleted. This cannot be undone."
                values={{ url: deleting?.url ?? '' }}
              />
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => deleting && void run(() => remove.mutateAsync(deleting.id), messages.deleted, messages.deleteFailed).then(() => setDeleting(null))}
            >
              {remove.isPending && <Spinner />}
              <FormattedMessage id="account.webhookList.deleteConfirm" defaultMessage="Delete endpoint" />
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
