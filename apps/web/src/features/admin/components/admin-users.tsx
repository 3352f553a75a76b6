import { ChevronLeft, ChevronRight, Search, Users, UserCog } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { User } from '../../../lib/user';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/admin-users';
import { formatCount } from '../api/format';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { AdminCard } from '../../../components/admin-card';
import { couldNotLoad, QueryState } from '../../../components/query-state';
import { AllUsersTable } from './all-users-table';
import { UserManagementTable } from './user-management-table';

/** Both user tables share one search and one page of GET /api/admin/users. */
export function AdminUsers({ viewer }: { viewer: User }) {
  const [searchInput, setSearchInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchInput, 300);
  const users = useAdminUsers({ page, search });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_USERS_PAGE_SIZE)) : 1;

  const searchBox = (
    <div className="relative w-full sm:w-72">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Search users by username, email or name"
        placeholder="Search users..."
        value={searchInput}
        onChange={(event) => {
          setSearchInput(event.target.value);
          setPage(1);
        }}
        className="pl-9"
      />
    </div>
  );

  const pager = data && data.total > 0 && (
    <nav aria-label="User pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        {formatCount((page - 1) * ADMIN_USERS_PAGE_SIZE + 1)}–{formatCount(Math.min(page * ADMIN_USERS_PAGE_SIZE, data.total))} of{' '}
        {formatCount(data.total)} users
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden="true" /> Previous
        </Button>
        <span className="tabular-nums">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );

  const state = (
    <QueryState isLoading={users.isLoading} error={users.error} onRetry={() => void users.refetch()} loading="Loading users..." failure={couldNotLoad('users')} />
  );
  const empty = data && data.items.length === 0 && (
    <p className="py-6 text-sm text-muted-foreground">{search.trim() ? `No users match "${search.trim()}".` : 'No users yet.'}</p>
  );

  return (
    <>
      <AdminCard
        id="all-users"
        title="All User Accounts"
        icon={<Users className="size-5 text-primary" aria-hidden="true" />}
        description="Every account with its subscription, plan, codes and scans."
        aside={searchBox}
      >
        {state}
        {empty}
        {data && data.items.length > 0 && <AllUsersTable users={data.items} />}
        {pager}
      </AdminCard>
      <AdminCard
        id="user-management"
        title="User Management"
        icon={<UserCog className="size-5 text-primary" aria-hidden="true" />}
        description={
          viewer.role === 'superadmin'
            ? 'Suspend or activate accounts and change roles. Suspended users cannot sign in and their codes stop redirecting.'
            : 'Suspend or activate accounts. Suspended users cannot sign in and their codes stop redirecting.'
        }
      >
        {state}
        {empty}
        {data && data.items.length > 0 && <UserManagementTable users={data.items} viewer={viewer} />}
      </AdminCard>
    </>
  );
}
