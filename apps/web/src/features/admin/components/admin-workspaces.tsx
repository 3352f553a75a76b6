import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { getErrorMessage } from '../../../lib/api-client';
import { ADMIN_WORKSPACES_PAGE_SIZE, useAdminWorkspaces } from '../api/admin-workspaces';

const number = (value: number | null) => (value === null ? '—' : value.toLocaleString());

/** The back office's workspaces: members and their roles, codes, scans, seats and subscription. */
export function AdminWorkspaces() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, 300);
  const [sharedOnly, setSharedOnly] = useState(true);
  const [page, setPage] = useState(1);
  const workspaces = useAdminWorkspaces({ page, search, sharedOnly });
  const pages = workspaces.data ? Math.max(1, Math.ceil(workspaces.data.total / ADMIN_WORKSPACES_PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Workspaces</CardTitle>
        <CardDescription>Who works in which workspace, with what role, and the codes, scans and seats each owns.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-4">
          <Input
            aria-label="Search workspaces by name, member username or email"
            placeholder="Search by name, member or email"
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
            Shared with someone only
          </label>
        </div>
        <QueryState
          look="stacked"
          isLoading={workspaces.isPending}
          error={workspaces.isError ? workspaces.error : null}
          onRetry={() => void workspaces.refetch()}
          loading="Loading workspaces…"
          failure={(error) => `Could not load the workspaces: ${getErrorMessage(error, 'Please try again later.')}`}
        />
        {workspaces.data && workspaces.data.items.length === 0 && <p className="text-sm text-muted-foreground">No workspace matches.</p>}
        {workspaces.data && workspaces.data.items.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Workspaces</caption>
              <thead className="text-muted-foreground">
                <tr>
                  <th scope="col" className="p-2 font-medium">Workspace</th>
                  <th scope="col" className="p-2 font-medium">Members</th>
                  <th scope="col" className="p-2 text-right font-medium">Codes</th>
                  <th scope="col" className="p-2 text-right font-medium">Scans</th>
                  <th scope="col" className="p-2 font-medium">Subscription</th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {workspaces.data.items.map((workspace) => (
                  <tr key={workspace.id}>
                    <td className="p-2 align-top">
                      <p className="font-medium">{workspace.name}</p>
                      <p className="text-xs text-muted-foreground">since {new Date(workspace.createdAt).toLocaleDateString()}</p>
                    </td>
                    <td className="p-2 align-top">
                      <ul>
                        {workspace.members.map((member) => (
                          <li key={member.userId}>
                            {member.username} <span className="text-muted-foreground">({member.role})</span>
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className="p-2 text-right align-top tabular-nums">{number(workspace.codes)}</td>
                    <td className="p-2 text-right align-top tabular-nums">{number(workspace.scans)}</td>
                    <td className="p-2 align-top">
                      {workspace.plan ? `${workspace.plan.status}, ${workspace.plan.seats} seat${workspace.plan.seats === 1 ? '' : 's'}, ${workspace.plan.interval}` : '—'}
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
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
