import { API_RESOURCE_GROUPS, type ApiKeyView } from '@qrd/contracts';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useRevokeApiKey } from '../api/api-keys';
import { RESOURCE_LABELS } from './create-api-key-form';

const statusLabels = defineMessages({
  revoked: { id: 'account.apiKeys.statusRevoked', defaultMessage: 'Revoked' },
  expired: { id: 'account.apiKeys.statusExpired', defaultMessage: 'Expired' },
  active: { id: 'account.apiKeys.statusActive', defaultMessage: 'Active' },
});

/** What follows a key's prefix: the rest is not shown (punctuation, the same in every language). */
const ELLIPSIS = '…';

/** A short "· " between two facts of a line (punctuation, the same in every language). */
const SEPARATOR = ' · ';

function status(key: ApiKeyView, now: number): { label: MessageDescriptor; variant: 'success' | 'secondary' | 'warning' } {
  if (key.revokedAt) return { label: statusLabels.revoked, variant: 'secondary' };
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return { label: statusLabels.expired, variant: 'warning' };
  return { label: statusLabels.active, variant: 'success' };
}

/** The account's keys by name and prefix, with their last use; an active key can be revoked. */
export function ApiKeyList({ keys }: { keys: ApiKeyView[] }) {
  const intl = useIntl();
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);
  const now = Date.now();

  const confirm = async () => {
    if (!confirming) return;
    try {
      await revoke.mutateAsync(confirming.id);
      toast({
        title: intl.formatMessage({ id: 'account.apiKeys.revoked', defaultMessage: 'Key revoked' }),
        description: intl.formatMessage({ id: 'account.apiKeys.revokedDescription', defaultMessage: '“{name}” no longer works.' }, { name: confirming.name }),
      });
      setConfirming(null);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: intl.formatMessage({ id: 'account.apiKeys.revokeFailed', defaultMessage: 'Failed to revoke the key' }),
        description: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })),
      });
    }
  };

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.apiKeys.listLabel', defaultMessage: 'API keys' })}>
        {keys.map((key) => {
          const state = status(key, now);
          // The last day the key works, in UTC (expiresAt is the first moment it does not).
          const lastDay = key.expiresAt
            ? intl.formatDate(new Date(Date.parse(key.expiresAt) - 1), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
            : null;
          const lastUsed = key.lastUsedAt
            ? intl.formatDate(new Date(key.lastUsedAt), { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
            : null;
          return (
            <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{key.name}</span>
                  <Badge variant={state.variant}>{intl.formatMessage(state.label)}</Badge>
                  <Badge variant="outline">
                    {key.scope === 'write' ? (
                      <FormattedMessage id="account.apiKeys.readWrite" defaultMessage="Read and write" />
                    ) : (
                      <FormattedMessage id="account.apiKeys.readOnly" defaultMessage="Read only" />
                    )}
                  </Badge>
                  {key.resources && key.resources.length < API_RESOURCE_GROUPS.length && (
                    <Badge variant="outline">
                      <FormattedMessage
                        id="account.apiKeys.resourcesOnly"
                        defaultMessage="{groups} only"
                        values={{ groups: intl.formatList(key.resources.map((group) => intl.formatMessage(RESOURCE_LABELS[group].label))) }}
                      />
                    </Badge>
                  )}
                </div>
                <code className="font-mono text-sm text-muted-foreground">{key.prefix}
                  {ELLIPSIS}</code>
                <p className="text-sm text-muted-foreground">
                  {lastUsed === null ? (
                    <FormattedMessage id="account.apiKeys.neverUsed" defaultMessage="Never used" />
                  ) : key.lastUsedIp ? (
                    <FormattedMessage
                      id="account.apiKeys.lastUsedFrom"
                      defaultMessage="Last used {date} from {ip}"
                      values={{ date: lastUsed, ip: key.lastUsedIp }}
                    />
                  ) : (
                    <FormattedMessage id="account.apiKeys.lastUsed" defaultMessage="Last used {date}" values={{ date: lastUsed }} />
                  )}
                  {lastDay && !key.revokedAt && (
                    <>
                      {SEPARATOR}
                      <FormattedMessage id="account.apiKeys.worksUntil" defaultMessage="Works until {date}" values={{ date: lastDay }} />
                    </>
                  )}
                </p>
              </div>
              {!key.revokedAt && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => setConfirming(key)}
                  aria-label={intl.formatMessage({ id: 'account.apiKeys.revokeLabel', defaultMessage: 'Revoke {name}' }, { name: key.name })}
                >
                  <FormattedMessage id="account.apiKeys.revoke" defaultMessage="Revoke" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !revoke.isPending && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="account.apiKeys.revokeTitle" defaultMessage="Revoke “{name}”?" values={{ name: confirming?.name ?? '' }} />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage id="account.apiKeys.revokeDescription" defaultMessage="Programs using this key stop working at once. This cannot be undone." />
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
              <FormattedMessage id="account.common.cancel" defaultMessage="Cancel" />
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
              {revoke.isPending && <Spinner />}
              <FormattedMessage id="account.apiKeys.revokeConfirm" defaultMessage="Revoke key" />
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
