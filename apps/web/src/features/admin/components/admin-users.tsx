import { ChevronLeft, ChevronRight, Search, Users, UserCog } from 'lucide-react';
import { useState } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import type { User } from '../../../lib/user';
import { ADMIN_USERS_PAGE_SIZE, useAdminUsers } from '../api/admin-users';
import { formatCount, loadFailure } from '../api/format';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { AdminCard } from '../../../components/admin-card';
import { QueryState } from '../../../components/query-state';
import { AllUsersTable } from './all-users-table';
import { UserManagementTable } from './user-management-table';

const messages = defineMessages<string>({
  searchLabel: { id: 'analytics.admin.users.searchLabel', defaultMessage: 'Search users by username, email or name' },
  searchPlaceholder: { id: 'analytics.admin.users.searchPlaceholder', defaultMessage: 'Search users...' },
  pages: { id: 'analytics.admin.users.pages', defaultMessage: 'User pages' },
  loading: { id: 'analytics.admin.users.loading', defaultMessage: 'Loading users...' },
  loadFailed: { id: 'analytics.admin.users.loadFailed', defaultMessage: 'Could not load users: {reason}' },
  allTitle: { id: 'analytics.admin.users.allTitle', defaultMessage: 'All User Accounts' },
  allDescription: { id: 'analytics.admin.users.allDescription', defaultMessage: 'Every account with its subscription, plan, codes and scans.' },
  managementTitle: { id: 'analytics.admin.users.managementTitle', defaultMessage: 'User Management' },
  managementSuperadmin: {
    id: 'analytics.admin.users.managementSuperadmin',
    defaultMessage: 'Suspend or activate accounts and change roles. Suspended users cannot sign in and their codes stop redirecting.',
  },
  managementAdmin: {
    id: 'analytics.admin.users.managementAdmin',
    defaultMessage: 'Suspend or activate accounts. Suspended users cannot sign in and their codes stop redirecting.',
  },
});

/** Both user tables share one search and one page of GET /api/admin/users. */
export function AdminUsers({ viewer }: { viewer: User }) {
  const intl = useIntl();
  const [searchInput, setSearchInput] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedValue(searchInput, 300);
  const users = useAdminUsers({ page, search });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_USERS_PAGE_SIZE)) : 1;

  const searchBox = (
    <div className="relative w-full sm:w-72">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        type="search"
        aria-label={intl.formatMessage(messages.searchLabel)}
        placeholder={intl.formatMessage(messages.searchPlaceholder)}
        value={searchInput}
        onChange={(event) => {
          setSearchInput(event.target.value);
          setPage(1);
        }}
        className="ps-9"
      />
    </div>
  );

  const pager = data && data.total > 0 && (
    <nav aria-label={intl.formatMessage(messages.pages)} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        <FormattedMessage
          id="analytics.admin.users.range"
          defaultMessage="{first}–{last} of {total, plural, one {# user} other {# users}}"
          values={{
            first: formatCount(intl, (page - 1) * ADMIN_USERS_PAGE_SIZE + 1),
            last: formatCount(intl, Math.min(page * ADMIN_USERS_PAGE_SIZE, data.total)),
            total: data.total,
          }}
        />
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" /> <FormattedMessage id="analytics.admin.pager.previous" defaultMessage="Previous" />
        </Button>
        <span className="tabular-nums">
          <FormattedMessage id="analytics.admin.pager.page" defaultMessage="Page {page, number} of {pages, number}" values={{ page, pages }} />
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          <FormattedMessage id="analytics.admin.pager.next" defaultMessage="Next" /> <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Button>
      </div>
    </nav>
  );

  const state = (
    <QueryState
      isLoading={users.isLoading}
      error={users.error}
      onRetry={() => void users.refetch()}
      loading={intl.formatMessage(messages.loading)}
      failure={loadFailure(intl, messages.loadFailed)}
    />
  );
  const empty = data && data.items.length === 0 && (
    <p className="py-6 text-sm text-muted-foreground">
      {search.trim() ? (
        <FormattedMessage id="analytics.admin.users.noMatch" defaultMessage={'No users match "{search}".'} values={{ search: search.trim() }} />
      ) : (
        <FormattedMessage id="analytics.admin.users.none" defaultMessage="No users yet." />
      )}
    </p>
  );

  return (
    <>
      <AdminCard
        id="all-users"
        title={intl.formatMessage(messages.allTitle)}
        icon={<Users className="size-5 text-primary" aria-hidden="true" />}
        description={intl.formatMessage(messages.allDescription)}
        aside={searchBox}
      >
        {state}
        {empty}
        {data && data.items.length > 0 && <AllUsersTable users={data.items} />}
        {pager}
      </AdminCard>
      <AdminCard
        id="user-management"
        title={intl.formatMessage(messages.managementTitle)}
        icon={<UserCog className="size-5 text-primary" aria-hidden="true" />}
        description={
          viewer.role === 'superadmin'
            ? intl.formatMessage(messages.managementSuperadmin)
            : intl.formatMessage(messages.managementAdmin)
        }
      >
        {state}
        {empty}
        {data && data.items.length > 0 && <UserManagementTable users={data.items} viewer={viewer} />}
      </AdminCard>
    </>
  );
}
