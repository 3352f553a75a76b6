import { API_RESOURCE_GROUPS, type ApiKeyView } from '@qrd/contracts';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../hooks/use-toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useRevokeApiKey } from '../api/api-keys';
import { RESOURCE_LABELS } from './create-api-key-form';

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const date = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

function status(key: ApiKeyView, now: number): { label: string; variant: 'success' | 'secondary' | 'warning' } {
  if (key.revokedAt) return { label: 'Revoked', variant: 'secondary' };
  if (key.expiresAt && Date.parse(key.expiresAt) <= now) return { label: 'Expired', variant: 'warning' };
  return { label: 'Active', variant: 'success' };
}

/** The account's keys by name and prefix, with their last use; an active key can be revoked. */
export function ApiKeyList({ keys }: { keys: ApiKeyView[] }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState<ApiKeyView | null>(null);
  const now = Date.now();

  const confirm = async () => {
    if (!confirming) return;
    try {
      await revoke.mutateAsync(confirming.id);
      toast({ title: 'Key revoked', description: `“${confirming.name}” no longer works.` });
      setConfirming(null);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to revoke the key', description: getErrorMessage(error, 'Please try again later.') });
    }
  };

  return (
    <>
      <ul className="divide-y rounded-md border" aria-label="API keys">
        {keys.map((key) => {
          const state = status(key, now);
          // The last day the key works, in UTC (expiresAt is the first moment it does not).
          const lastDay = key.expiresAt ? date.format(new Date(Date.parse(key.expiresAt) - 1)) : null;
          return (
            <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium break-words">{key.name}</span>
                  <Badge variant={state.variant}>{state.label}</Badge>
                  <Badge variant="outline">{key.scope === 'write' ? 'Read and write' : 'Read only'}</Badge>
                  {key.resources && key.resources.length < API_RESOURCE_GROUPS.length && (
                    <Badge variant="outline">{key.resources.map((group) => RESOURCE_LABELS[group].label).join(', ')} only</Badge>
                  )}
                </div>
                <code className="font-mono text-sm text-muted-foreground">{key.prefix}…</code>
                <p className="text-sm text-muted-foreground">
                  {key.lastUsedAt ? `Last used ${dateTime.format(new Date(key.lastUsedAt))}${key.lastUsedIp ? ` from ${key.lastUsedIp}` : ''}` : 'Never used'}
                  {lastDay && !key.revokedAt ? ` · Works until ${lastDay}` : ''}
                </p>
              </div>
              {!key.revokedAt && (
                <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(key)} aria-label={`Revoke ${key.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && !revoke.isPending && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke “{confirming?.name}”?</DialogTitle>
            <DialogDescription>Programs using this key stop working at once. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={revoke.isPending}>
              {revoke.isPending && <Spinner />}
              Revoke key
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
