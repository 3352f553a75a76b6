import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
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
  }
}

const selectClass = 'h-10 rounded-md border bg-background px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The workspace's audit log for its admins: filter by action, read page by page, download as CSV. */
export function AuditLogCard({ workspaceId }: { workspaceId: string }) {
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog(workspaceId, action);
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
        <CardDescription>Who invited, joined, changed a role or removed whom, and who made or revoked API keys, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium" htmlFor="audit-action">
            Action
            <select id="audit-action" className={selectClass} value={action ?? ''} onChange={(e) => setAction((e.target.value || null) as AuditAction | null)}>
              <option value="">All</option>
              {AUDIT_ACTIONS.map((option) => (
                <option key={option} value={option}>
                  {ACTION_LABELS[option]}
                </option>
              ))}
            </select>
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
