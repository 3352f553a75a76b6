import { ACTIVITY_SCANS, CODE_HISTORY_KINDS, type ActivityKind } from '@qrd/contracts';
import { useState } from 'react';
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
  const [filters, setFilters] = useState<ActivityFilters>({ codeId: null, kind: null });
  const query = useActivity(filters);
  const choices = useActivityCodeChoices();
  const entries = query.data?.pages.flatMap((page) => page.items);
  const offered = choices.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Recent Activity</CardTitle>
        <CardDescription>Scans of your QR codes, hour by hour, and every change: who made it, when, and what it was before.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <select
            aria-label="QR code"
            value={filters.codeId ?? ''}
            onChange={(event) => setFilters({ ...filters, codeId: event.target.value || null })}
            className={selectClass}
          >
            <option value="">All QR codes</option>
            {offered.map((code) => (
              <option key={code.id} value={code.id}>
                {code.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Kind of activity"
            value={filters.kind ?? ''}
            onChange={(event) => setFilters({ ...filters, kind: (event.target.value || null) as ActivityKind | null })}
            className={selectClass}
          >
            <option value="">Scans and changes</option>
            <option value={ACTIVITY_SCANS}>Scans</option>
            {CODE_HISTORY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </select>
          {(filters.codeId || filters.kind) && (
            <Button variant="ghost" onClick={() => setFilters({ codeId: null, kind: null })}>
              Clear filters
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
          empty={filters.codeId || filters.kind ? 'Nothing matches these filters.' : 'Nothing yet: create a QR code, scan it or change it.'}
          showCode={(entry) =>
            entry.codeDeleted ? (
              <span className="font-medium">{entry.codeName} (deleted)</span>
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
