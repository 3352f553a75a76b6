import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { getErrorMessage } from '../../../lib/api-client';
import { ADMIN_WORKSPACES_PAGE_SIZE, useAdminWorkspaces } from '../api/admin-workspaces';
import { formatCount, NOT_KNOWN } from '../api/format';

const messages = defineMessages<string>({
  title: { id: 'analytics.admin.workspaces.title', defaultMessage: 'Workspaces' },
  searchLabel: { id: 'analytics.admin.workspaces.searchLabel', defaultMessage: 'Search workspaces by name, member username or email' },
  searchPlaceholder: { id: 'analytics.admin.workspaces.searchPlaceholder', defaultMessage: 'Search by name, member or email' },
  loading: { id: 'analytics.admin.workspaces.loading', defaultMessage: 'Loading workspaces…' },
  loadFailed: { id: 'analytics.admin.workspaces.loadFailed', defaultMessage: 'Could not load the workspaces: {reason}' },
  tryLater: { id: 'analytics.domainList.tryLater', defaultMessage: 'Please try again later.' },
  since: { id: 'analytics.admin.workspaces.since', defaultMessage: 'since {date}' },
  role: {
    id: 'analytics.admin.workspaces.role',
    defaultMessage: '({role, select, owner {owner} admin {admin} editor {editor} viewer {viewer} billing {billing} other {{role}}})',
  },
  plan: {
    id: 'analytics.admin.workspaces.plan',
    defaultMessage:
      '{status, select, active {active} trialing {trialing} past_due {past due} canceled {cancelled} unpaid {unpaid} incomplete {incomplete} incomplete_expired {expired} paused {paused} other {{status}}}, {seats, plural, one {# seat} other {# seats}}, {interval, select, monthly {monthly} annual {annual} other {{interval}}}',
  },
});

/** The back office's workspaces: members and their roles, codes, scans, seats and subscription. */
export function AdminWorkspaces() {
  const intl = useIntl();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, 300);
  const [sharedOnly, setSharedOnly] = useState(true);
  const [page, setPage] = useState(1);
  const workspaces = useAdminWorkspaces({ page, search, sharedOnly });
  const pages = workspaces.data ? Math.max(1, Math.ceil(workspaces.data.total / ADMIN_WORKSPACES_PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{intl.formatMessage(messages.title)}</CardTitle>
        <CardDescription>
          <FormattedMessage
            id="analytics.admin.workspaces.description"
            defaultMessage="Who works in which workspace, with what role, and the codes, scans and seats each owns."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <Input
            aria-label={intl.formatMessage(messages.searchLabel)}
            placeholder={intl.formatMessage(messages.searchPlaceholder)}
            className="max-w-sm"
            value={searchInput}
            onChange={(e) => {
              setSearchInput(e.target.value);
              setPage(1);
            }}
          />
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={sharedOnly}
              onChange={(e) => {
                setSharedOnly(e.target.checked);
                setPage(1);
              }}
            />
            <FormattedMessage id="analytics.admin.workspaces.sharedOnly" defaultMessage="Shared with someone only" />
          </label>
        </div>
        <QueryState
          look="stacked"
          isLoading={workspaces.isPending}
          error={workspaces.isError ? workspaces.error : null}
          onRetry={() => void workspaces.refetch()}
          loading={intl.formatMessage(messages.loading)}
          failure={(error) => intl.formatMessage(messages.loadFailed, { reason: getErrorMessage(error, intl.formatMessage(messages.tryLater)) })}
        />
        {workspaces.data && workspaces.data.items.length === 0 && (
          <p className="text-sm text-muted-foreground">
            <FormattedMessage id="analytics.admin.workspaces.none" defaultMessage="No workspace matches." />
          </p>
        )}
        {workspaces.data && workspaces.data.items.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{intl.formatMessage(messages.title)}</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="p-2 text-start font-medium">
                    <FormattedMessage id="analytics.admin.domains.workspace" defaultMessage="Workspace" />
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    <FormattedMessage id="analytics.admin.workspaces.members" defaultMessage="Members" />
                  </th>
                  <th scope="col" className="p-2 text-end font-medium">
                    <FormattedMessage id="analytics.admin.column.codes" defaultMessage="Codes" />
                  </th>
                  <th scope="col" className="p-2 text-end font-medium">
                    <FormattedMessage id="analytics.admin.column.scans" defaultMessage="Scans" />
                  </th>
                  <th scope="col" className="p-2 text-start font-medium">
                    <FormattedMessage id="analytics.admin.column.subscription" defaultMessage="Subscription" />
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {workspaces.data.items.map((workspace) => (
                  <tr key={workspace.id}>
                    <td className="p-2 align-top">
                      <p className="font-medium">{workspace.name}</p>
                      <p className="text-xs text-muted-foreground">{intl.formatMessage(messages.since, { date: intl.formatDate(workspace.createdAt) })}</p>
                    </td>
                    <td className="p-2 align-top">
                      <ul>
                        {workspace.members.map((member) => (
                          <li key={member.userId}>
                            {member.username} <span className="text-muted-foreground">{intl.formatMessage(messages.role, { role: member.role })}</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="p-2 text-end align-top tabular-nums">{formatCount(intl, workspace.codes)}</td>
                    <td className="p-2 text-end align-top tabular-nums">{formatCount(intl, workspace.scans)}</td>
                    <td className="p-2 align-top">
                      {workspace.plan
                        ? intl.formatMessage(messages.plan, { status: workspace.plan.status, seats: workspace.plan.seats, interval: workspace.plan.interval })
                        : NOT_KNOWN}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <FormattedMessage id="analytics.admin.pager.previous" defaultMessage="Previous" />
            </Button>
            <span>
              <FormattedMessage id="analytics.admin.pager.page" defaultMessage="Page {page, number} of {pages, number}" values={{ page, pages }} />
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              <FormattedMessage id="analytics.admin.pager.next" defaultMessage="Next" />
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
