import { AUDIT_ACTIONS, type AuditAction, type AuditEntryView } from '@qrd/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/native-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { getErrorMessage } from '../../../lib/api-client';
import { auditCsvHref, useAuditLog } from '../api/workspaces';
import { roleLabel } from '../roles';

const ACTION_LABELS = defineMessages<AuditAction>({
  'member.invited': { id: 'account.auditLog.actionMemberInvited', defaultMessage: 'Invited' },
  'invitation.resent': { id: 'account.auditLog.actionInvitationResent', defaultMessage: 'Invitation sent again' },
  'invitation.revoked': { id: 'account.auditLog.actionInvitationRevoked', defaultMessage: 'Invitation withdrawn' },
  'member.joined': { id: 'account.auditLog.actionMemberJoined', defaultMessage: 'Joined' },
  'member.role_changed': { id: 'account.auditLog.actionRoleChanged', defaultMessage: 'Role changed' },
  'member.removed': { id: 'account.auditLog.actionMemberRemoved', defaultMessage: 'Removed' },
  'member.left': { id: 'account.auditLog.actionMemberLeft', defaultMessage: 'Left' },
  'api_key.created': { id: 'account.auditLog.actionApiKeyCreated', defaultMessage: 'API key created' },
  'api_key.revoked': { id: 'account.auditLog.actionApiKeyRevoked', defaultMessage: 'API key revoked' },
  'webhook.created': { id: 'account.auditLog.actionWebhookCreated', defaultMessage: 'Webhook added' },
  'webhook.changed': { id: 'account.auditLog.actionWebhookChanged', defaultMessage: 'Webhook changed' },
  'webhook.deleted': { id: 'account.auditLog.actionWebhookDeleted', defaultMessage: 'Webhook deleted' },
  'subscription.changed': { id: 'account.auditLog.actionSubscriptionChanged', defaultMessage: 'Subscription changed' },
  'workspace.created': { id: 'account.auditLog.actionWorkspaceCreated', defaultMessage: 'Workspace created' },
  'workspace.renamed': { id: 'account.auditLog.actionWorkspaceRenamed', defaultMessage: 'Workspace renamed' },
  'ownership.offered': { id: 'account.auditLog.actionOwnershipOffered', defaultMessage: 'Ownership offered' },
  'ownership.transferred': { id: 'account.auditLog.actionOwnershipTransferred', defaultMessage: 'Ownership transferred' },
  'ownership.withdrawn': { id: 'account.auditLog.actionOwnershipWithdrawn', defaultMessage: 'Ownership offer withdrawn' },
  'ownership.declined': { id: 'account.auditLog.actionOwnershipDeclined', defaultMessage: 'Ownership offer declined' },
});

/** A role named in an entry's details, in words ("?" when the entry does not say). */
function roleIn(intl: IntlShape, role: string | undefined, fallback: string): string {
  return role ? roleLabel(intl, role) : fallback;
}

/** One entry in words: "alice invited bob@example.com as editor". */
function describe(intl: IntlShape, entry: AuditEntryView): string {
  const actor = entry.actor ?? intl.formatMessage({ id: 'account.auditLog.deletedActor', defaultMessage: 'A deleted account' });
  const member = entry.member ?? entry.email ?? intl.formatMessage({ id: 'account.auditLog.deletedMember', defaultMessage: 'a deleted account' });
  const details = entry.details;
  const memberRole = roleIn(intl, details.role, intl.formatMessage({ id: 'account.auditLog.memberRole', defaultMessage: 'member' }));
  switch (entry.action) {
    case 'member.invited':
      return intl.formatMessage({ id: 'account.auditLog.invited', defaultMessage: '{actor} invited {member} as {role}' }, { actor, member, role: memberRole });
    case 'invitation.resent':
      return intl.formatMessage({ id: 'account.auditLog.resent', defaultMessage: '{actor} sent the invitation to {member} again' }, { actor, member });
    case 'invitation.revoked':
      return intl.formatMessage({ id: 'account.auditLog.revoked', defaultMessage: '{actor} withdrew the invitation to {member}' }, { actor, member });
    case 'member.joined':
      return intl.formatMessage({ id: 'account.auditLog.joined', defaultMessage: '{member} joined as {role}' }, { member, role: memberRole });
    case 'member.role_changed':
      return intl.formatMessage({ id: 'account.auditLog.roleChanged', defaultMessage: '{actor} changed {member} from {from} to {to}' }, { actor, member, from: roleIn(intl, details.from, '?'), to: roleIn(intl, details.to, '?') });
    case 'member.removed':
      return intl.formatMessage({ id: 'account.auditLog.removed', defaultMessage: '{actor} removed {member}' }, { actor, member });
    case 'member.left':
      return intl.formatMessage({ id: 'account.auditLog.left', defaultMessage: '{member} left' }, { member });
    case 'api_key.created':
      return intl.formatMessage({ id: 'account.auditLog.apiKeyCreated', defaultMessage: '{actor} created the API key “{name}” ({scope, select, read {read} write {write} other {{scope}}})' }, { actor, name: details.name ?? '', scope: details.scope ?? '' });
    case 'api_key.revoked':
      return intl.formatMessage({ id: 'account.auditLog.apiKeyRevoked', defaultMessage: '{actor} revoked the API key “{name}”' }, { actor, name: details.name ?? '' });
    case 'webhook.created':
      return intl.formatMessage({ id: 'account.auditLog.webhookCreated', defaultMessage: '{actor} added the webhook {url} ({change})' }, { actor, url: details.url ?? '', change: details.change ?? '' });
    case 'webhook.changed':
      return intl.formatMessage({ id: 'account.auditLog.webhookChanged', defaultMessage: '{actor} changed the webhook {url}: {change}' }, { actor, url: details.url ?? '', change: details.change ?? '' });
    case 'webhook.deleted':
      return intl.formatMessage({ id: 'account.auditLog.webhookDeleted', defaultMessage: '{actor} deleted the webhook {url}' }, { actor, url: details.url ?? '' });
    case 'subscription.changed':
      // Nobody acted: a renewal or the payment provider changed it.
      return intl.formatMessage({ id: 'account.auditLog.subscriptionChanged', defaultMessage: '{actor}: {change} ({seats, plural, one {# code} other {# codes}}, {interval}, {status})' }, { actor: entry.actor ?? intl.formatMessage({ id: 'account.auditLog.billingActor', defaultMessage: 'Billing' }), change: details.change ?? intl.formatMessage({ id: 'account.auditLog.subscriptionChangedFallback', defaultMessage: 'subscription changed' }), seats: details.seats ?? 0, interval: details.interval ?? '', status: details.to ?? '' });
    case 'workspace.created':
      return intl.formatMessage({ id: 'account.auditLog.workspaceCreated', defaultMessage: '{actor} created the workspace “{name}”' }, { actor, name: details.name ?? '' });
    case 'workspace.renamed':
      return intl.formatMessage({ id: 'account.auditLog.workspaceRenamed', defaultMessage: '{actor} renamed the workspace from “{from}” to “{to}”' }, { actor, from: details.from ?? '', to: details.to ?? '' });
    case 'ownership.offered':
      return intl.formatMessage({ id: 'account.auditLog.ownershipOffered', defaultMessage: '{actor} offered ownership to {member}' }, { actor, member });
    case 'ownership.transferred':
      return intl.formatMessage({ id: 'account.auditLog.ownershipTransferred', defaultMessage: '{actor} accepted ownership from {member}, who is now an admin' }, { actor, member });
    case 'ownership.withdrawn':
      return intl.formatMessage({ id: 'account.auditLog.ownershipWithdrawn', defaultMessage: '{actor} withdrew the offer of ownership to {member}' }, { actor, member });
    case 'ownership.declined':
      return intl.formatMessage({ id: 'account.auditLog.ownershipDeclined', defaultMessage: '{actor} declined the offer of ownership' }, { actor });
  }
}

/** The workspace's audit log for its admins: filter by action, read page by page, download as CSV. */
export function AuditLogCard({ workspaceId }: { workspaceId: string }) {
  const intl = useIntl();
  const [action, setAction] = useState<AuditAction | null>(null);
  const log = useAuditLog(workspaceId, action);
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          <FormattedMessage id="account.auditLog.title" defaultMessage="Audit log" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="account.auditLog.description"
            defaultMessage="Who invited, joined, changed a role or removed whom; API keys, webhooks, the subscription and ownership; newest first."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm font-medium" htmlFor="audit-action">
            <FormattedMessage id="account.auditLog.action" defaultMessage="Action" />
            <NativeSelect id="audit-action" value={action ?? ''} onChange={(e) => setAction((e.target.value || null) as AuditAction | null)}>
              <option value="">{intl.formatMessage({ id: 'account.auditLog.all', defaultMessage: 'All' })}</option>
              {AUDIT_ACTIONS.map((option) => (
                <option key={option} value={option}>
                  {intl.formatMessage(ACTION_LABELS[option])}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button asChild variant="outline">
            <a href={auditCsvHref(workspaceId, action)} download>
              <Download aria-hidden="true" /> <FormattedMessage id="account.auditLog.download" defaultMessage="Download CSV" />
            </a>
          </Button>
        </div>
        <QueryState
          look="stacked"
          isLoading={log.isPending}
          error={log.isError ? log.error : null}
          onRetry={() => void log.refetch()}
          loading={intl.formatMessage({ id: 'account.auditLog.loading', defaultMessage: 'Loading the audit log…' })}
          failure={(error) =>
            intl.formatMessage(
              { id: 'account.auditLog.loadFailed', defaultMessage: 'Could not load the audit log: {reason}' },
              { reason: getErrorMessage(error, intl.formatMessage({ id: 'account.common.tryAgainLater', defaultMessage: 'Please try again later.' })) },
            )
          }
        />
        {log.isSuccess && items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            {action ? (
              <FormattedMessage id="account.auditLog.emptyForAction" defaultMessage="Nothing recorded for this action yet." />
            ) : (
              <FormattedMessage id="account.auditLog.empty" defaultMessage="Nothing recorded yet." />
            )}
          </p>
        )}
        {items.length > 0 && (
          <ol className="divide-y rounded-md border" aria-label={intl.formatMessage({ id: 'account.auditLog.label', defaultMessage: 'Audit log' })}>
            {items.map((entry) => (
              <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3 text-sm">
                <span>{describe(intl, entry)}</span>
                <time dateTime={entry.at} className="text-xs text-muted-foreground">
                  {intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        )}
        {log.hasNextPage && (
          <Button variant="outline" className="justify-self-start" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? (
              <FormattedMessage id="account.auditLog.loadingMore" defaultMessage="Loading…" />
            ) : (
              <FormattedMessage id="account.auditLog.older" defaultMessage="Show older entries" />
            )}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
