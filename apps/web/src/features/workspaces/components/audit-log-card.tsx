import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { auditCsvHref, useAuditLog } from '../api/workspaces';

const ACTION_LABELS: Record<AuditAction, string> = {
  'member.invited': 'Invited',
  'invitation.resent': 'Invitation sent again',
  'invitation.revoked': 'Invitation withdrawn',
  'member.joined': 'Joined',
  'member.role_changed': 'Role changed',
  'member.removed': 'Removed',
  'member.left': 'Left',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook added',
  'webhook.changed': 'Webhook changed',
  'webhook.deleted': 'Webhook deleted',
  'subscription.changed': 'Subscription changed',
  'workspace.created': 'Workspace created',
  'workspace.renamed': 'Workspace renamed',
  'ownership.offered': 'Ownership offered',
  'ownership.transferred': 'Ownership transferred',
  'ownership.withdrawn': 'Ownership offer withdrawn',
  'ownership.declined': 'Ownership offer declined',
};

/** One entry in words: "alice invited bob@example.com as editor". */
function describe(entry: AuditEntryView): string {
  const actor = entry.actor ?? 'A deleted account';
  const member = entry.member ?? entry.email ?? 'a deleted account';
  switch (entry.action) {
    case 'member.invited':
      return `${actor} invited ${member} as ${entry.details.role ?? 'member'}`;
    case 'invitation.resent':
      return `${actor} sent the invitation to ${member} again`;
    case 'invitation.revoked':
      return `${actor} withdrew the invitation to ${member}`;
    case 'member.joined':
      return `${member} joined as ${entry.details.role ?? 'member'}`;
    case 'member.role_changed':
      return `${actor} changed ${member} from ${entry.details.from ?? '?'} to ${entry.details.to ?? '?'}`;
    case 'member.removed':
      return `${actor} removed ${member}`;
    case 'member.left':
      return `${member} left`;
    case 'api_key.created':
      return `${actor} created the API key “${entry.details.name ?? ''}” (${entry.details.scope ?? ''})`;
    case 'api_key.revoked':
      return `${actor} revoked the API key “${entry.details.name ?? ''}”`;
    case 'webhook.created':
      return `${actor} added the webhook ${entry.details.url ?? ''} (${entry.details.change ?? ''})`;
    case 'webhook.changed':
      return `${actor} changed the webhook ${entry.details.url ?? ''}: ${entry.details.change ?? ''}`;
    case 'webhook.deleted':
      return `${actor} deleted the webhook ${entry.details.url ?? ''}`;
    case 'subscription.changed':
      // Nobody acted: a renewal or the payment provider changed it.
      return `${entry.actor ?? 'Billing'}: ${entry.details.change ?? 'subscription changed'} (${entry.details.seats ?? 0} codes, ${entry.details.interval ?? ''}, ${entry.details.to ?? ''})`;
    case 'workspace.created':
      return `${actor} created the workspace “${entry.details.name ?? ''}”`;
    case 'workspace.renamed':
      return `${actor} renamed the workspace from “${entry.details.from ?? ''}” to “${entry.details.to ?? ''}”`;
    case 'ownership.offered':
      return `${actor} offered ownership to ${member}`;
    case 'ownership.transferred':
      return `${actor} accepted ownership from ${member}, who is now an admin`;
    case 'ownership.withdrawn':
      return `${actor} withdrew the offer of ownership to ${member}`;
    case 'ownership.declined':
      return `${actor} declined the offer of ownership`;
  }
}


/** The workspace's audit log for its admins: filter by action, read page by page, download as CSV. */
export function AuditLogCard({ workspaceId }: { workspaceId: string }) {
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog(workspaceId, action);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
        <CardDescription>Who invited, joined, changed a role or removed whom; API keys, webhooks, the subscription and ownership; newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium" htmlFor="audit-action">
            Action
            <NativeSelect id="audit-action" value={action ?? ''} onChange={(e) => setAction((e.target.value || null) as AuditAction | null)}>
              <option value="">All</option>
              {AUDIT_ACTIONS.map((option) => (
                <option key={option} value={option}>
                  {ACTION_LABELS[option]}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button asChild variant="outline">
            <a href={auditCsvHref(workspaceId, action)} download>
              <Download aria-hidden="true" /> Download CSV
            </a>
          </Button>
        </div>
        <QueryState
          look="stacked"
          isLoading={log.isPending}
          error={log.isError ? log.error : null}
          onRetry={() => void log.refetch()}
          loading="Loading the audit log…"
          failure={(error) => `Could not load the audit log: ${getErrorMessage(error, 'Please try again later.')}`}
        />
        {log.isSuccess && entries.length === 0 && <p className="text-sm text-muted-foreground">Nothing recorded{action ? ' for this action' : ''} yet.</p>}
        {entries.length > 0 && (
          <ol className="divide-y rounded-md border" aria-label="Audit log">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3 text-sm">
                <span>{describe(entry)}</span>
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {new Date(entry.at).toLocaleString()}
                </time>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <Button variant="outline" className="justify-self-start" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? 'Loading…' : 'Show older entries'}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
