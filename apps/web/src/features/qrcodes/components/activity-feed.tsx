import { ACTIVITY_SCANS, CODE_HISTORY_KINDS, type ActivityKind } from '@qrd/contracts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';
import { type ActivityFilters, useActivity, useActivityCodeChoices } from '../api/history';
import { KIND_LABELS } from '../lib/history-text';
import { ActivityList } from './activity-list';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none sm:w-auto sm:max-w-64';

/** The dashboard's Recent Activity tab: the scans (per code and hour) and changes of the user's codes, newest first, by code and kind. */
export function ActivityFeed() {
  const intl = useIntl();
  const [filters, setFilters] = useState<ActivityFilters>({ codeId: null, kind: null });
  const query = useActivity(filters);
  const choices = useActivityCodeChoices();
  const entries = query.data?.pages.flatMap((page) => page.items);
  const offered = choices.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <FormattedMessage id="codesList.activityFeed.title" defaultMessage="Recent Activity" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="codesList.activityFeed.description"
            defaultMessage="Scans of your QR codes, hour by hour, and every change: who made it, when, and what it was before."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <select
            aria-label={intl.formatMessage({ id: 'codesList.activityFeed.codeFilter', defaultMessage: 'QR code' })}
            value={filters.codeId ?? ''}
            onChange={(event) => setFilters({ ...filters, codeId: event.target.value || null })}
            className={selectClass}
          >
            <option value="">{intl.formatMessage({ id: 'codesList.activityFeed.allCodes', defaultMessage: 'All QR codes' })}</option>
            {offered.map((code) => (
              <option key={code.id} value={code.id}>
                {code.name}
              </option>
            ))}
          </select>
          <select
            aria-label={intl.formatMessage({ id: 'codesList.activityFeed.kindFilter', defaultMessage: 'Kind of activity' })}
            value={filters.kind ?? ''}
            onChange={(event) => setFilters({ ...filters, kind: (event.target.value || null) as ActivityKind | null })}
            className={selectClass}
          >
            <option value="">{intl.formatMessage({ id: 'codesList.activityFeed.allKinds', defaultMessage: 'Scans and changes' })}</option>
            <option value={ACTIVITY_SCANS}>{intl.formatMessage({ id: 'codesList.activityFeed.scans', defaultMessage: 'Scans' })}</option>
            {CODE_HISTORY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {intl.formatMessage(KIND_LABELS[kind])}
              </option>
            ))}
          </select>
          {(filters.codeId || filters.kind) && (
            <Button variant="ghost" onClick={() => setFilters({ codeId: null, kind: null })}>
              <FormattedMessage id="codesList.activityFeed.clearFilters" defaultMessage="Clear filters" />
            </Button>
          )}
        </div>
        <ActivityList
          items={entries}
          isLoading={query.isLoading}
          error={query.error}
          onRetry={() => void query.refetch()}
          hasMore={query.hasNextPage}
          isLoadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          empty={
            filters.codeId || filters.kind
              ? intl.formatMessage({ id: 'codesList.activityFeed.noMatch', defaultMessage: 'Nothing matches these filters.' })
              : intl.formatMessage({ id: 'codesList.activityFeed.empty', defaultMessage: 'Nothing yet: create a QR code, scan it or change it.' })
          }
          showCode={(entry) =>
            entry.codeDeleted ? (
              <span className="font-medium">
                <FormattedMessage id="codesList.activityFeed.deletedCode" defaultMessage="{name} (deleted)" values={{ name: entry.codeName }} />
              </span>
            ) : (
              <Link to={paths.editQr(entry.codeId)} className="font-medium underline-offset-4 hover:underline">
                {entry.codeName}
              </Link>
            )
          }
        />
      </CardContent>
    </Card>
  );
}
