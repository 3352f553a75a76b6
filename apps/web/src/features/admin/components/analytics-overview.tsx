import { ChartColumn } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { useCodeOverview, usePageVisitCounts, useRevenue } from '../api/admin-overview';
import { useAdminUsers } from '../api/admin-users';
import { formatCount, loadFailure, pageViewRows, pageViewTotals } from '../api/format';
import { AdminCard } from '../../../components/admin-card';
import { QueryState } from '../../../components/query-state';
import { Stat } from './stat';
import { ScrollRegion } from '../../../components/ui/scroll-region';

const messages = defineMessages<string>({
  title: { id: 'analytics.admin.overview.title', defaultMessage: 'Analytics Overview' },
  description: { id: 'analytics.admin.overview.description', defaultMessage: 'Human scans only: bots and link previews are left out.' },
  users: { id: 'analytics.admin.overview.users', defaultMessage: 'Users' },
  subscriptions: { id: 'analytics.admin.overview.subscriptions', defaultMessage: 'Active subscriptions' },
  codes: { id: 'analytics.admin.overview.codes', defaultMessage: 'QR codes' },
  scans: { id: 'analytics.admin.overview.scans', defaultMessage: 'Total scans' },
  today: { id: 'analytics.admin.overview.today', defaultMessage: 'Scans today' },
  last30: { id: 'analytics.admin.overview.last30', defaultMessage: 'Scans, last 30 days' },
  pageViews: { id: 'analytics.admin.overview.pageViews', defaultMessage: 'Total page views' },
  homepage: { id: 'analytics.admin.overview.homepage', defaultMessage: 'Homepage views' },
  deadLettered: { id: 'analytics.admin.overview.deadLettered', defaultMessage: 'Scans that could not be stored' },
  codesLoading: { id: 'analytics.admin.overview.codesLoading', defaultMessage: 'Loading code figures...' },
  codesFailed: { id: 'analytics.admin.overview.codesFailed', defaultMessage: 'Could not load code figures: {reason}' },
  viewsLoading: { id: 'analytics.admin.overview.viewsLoading', defaultMessage: 'Loading page views...' },
  viewsFailed: { id: 'analytics.admin.overview.viewsFailed', defaultMessage: 'Could not load page views: {reason}' },
  viewsTable: { id: 'analytics.admin.overview.viewsTable', defaultMessage: 'Page views per page' },
  notFoundPage: { id: 'analytics.admin.overview.notFoundPage', defaultMessage: '(not found)' },
});

/** The server's name for visits to an address the app does not have. */
const NOT_FOUND_PAGE = '(not found)';

/** Users, subscriptions, codes, scans and page views, all from the services (no samples). */
export function AnalyticsOverview() {
  const intl = useIntl();
  const revenue = useRevenue();
  // The users table's first page: the same cached request, whose total counts every account.
  const users = useAdminUsers({ page: 1, search: '' });
  const codes = useCodeOverview();
  const visits = usePageVisitCounts();
  const totals = visits.data ? pageViewTotals(visits.data) : undefined;
  const rows = visits.data ? pageViewRows(visits.data) : [];
  const scansToday = codes.data?.scansToday;
  const deadLettered = codes.data?.deadLetteredScans;

  return (
    <AdminCard
      id="analytics"
      title={intl.formatMessage(messages.title)}
      icon={<ChartColumn className="size-5 text-primary" aria-hidden="true" />}
      description={intl.formatMessage(messages.description)}
    >
      <div className="grid gap-6">
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <Stat label={intl.formatMessage(messages.users)} value={formatCount(intl, revenue.data?.totalUsers ?? users.data?.total)} />
          <Stat label={intl.formatMessage(messages.subscriptions)} value={formatCount(intl, revenue.data?.activeSubscriptions)} />
          <Stat label={intl.formatMessage(messages.codes)} value={formatCount(intl, codes.data?.total)} />
          <Stat label={intl.formatMessage(messages.scans)} value={formatCount(intl, codes.data?.totalScans)} />
          {typeof scansToday === 'number' && <Stat label={intl.formatMessage(messages.today)} value={formatCount(intl, scansToday)} />}
          <Stat label={intl.formatMessage(messages.last30)} value={formatCount(intl, codes.data?.scansLast30Days)} />
          <Stat label={intl.formatMessage(messages.pageViews)} value={formatCount(intl, totals?.total)} />
          <Stat label={intl.formatMessage(messages.homepage)} value={formatCount(intl, totals?.homepage)} />
          {typeof deadLettered === 'number' && deadLettered > 0 && (
            <Stat label={intl.formatMessage(messages.deadLettered)} value={formatCount(intl, deadLettered)} />
          )}
        </dl>
        <QueryState
          isLoading={codes.isLoading}
          error={codes.error}
          onRetry={() => void codes.refetch()}
          loading={intl.formatMessage(messages.codesLoading)}
          failure={loadFailure(intl, messages.codesFailed)}
        />
        <div>
          <h3 className="text-base font-semibold">
            <FormattedMessage id="analytics.admin.overview.pageViewsTitle" defaultMessage="Page views" />
          </h3>
          <p className="text-sm text-muted-foreground">
            <FormattedMessage
              id="analytics.admin.overview.pageViewsDescription"
              defaultMessage="Views per page of this website; ids are folded, so every code's edit page counts as one."
            />
          </p>
          <div className="mt-3">
            <QueryState
              isLoading={visits.isLoading}
              error={visits.error}
              onRetry={() => void visits.refetch()}
              loading={intl.formatMessage(messages.viewsLoading)}
              failure={loadFailure(intl, messages.viewsFailed)}
            />
            {visits.data && rows.length === 0 && (
              <p className="text-sm text-muted-foreground">
                <FormattedMessage id="analytics.admin.overview.noViews" defaultMessage="No page views recorded yet." />
              </p>
            )}
            {rows.length > 0 && (
              <ScrollRegion label={intl.formatMessage(messages.viewsTable)}>
                <table className="w-full text-sm" aria-label={intl.formatMessage(messages.viewsTable)}>
                  <thead className="bg-muted/60 text-start">
                    <tr>
                      <th scope="col" className="px-4 py-2 text-start font-medium">
                        <FormattedMessage id="analytics.admin.overview.page" defaultMessage="Page" />
                      </th>
                      <th scope="col" className="px-4 py-2 text-end font-medium">
                        <FormattedMessage id="analytics.admin.overview.views" defaultMessage="Views" />
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y">
                    {rows.map((row) => (
                      <tr key={row.path}>
                        <td className="px-4 py-2 font-mono text-xs break-all">
                          {row.path === NOT_FOUND_PAGE ? intl.formatMessage(messages.notFoundPage) : row.path}
                        </td>
                        <td className="px-4 py-2 text-end tabular-nums">{formatCount(intl, row.views)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </div>
        </div>
      </div>
    </AdminCard>
  );
}
