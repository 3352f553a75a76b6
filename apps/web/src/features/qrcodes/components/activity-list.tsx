import type { ActivityItem, CodeHistoryEntry, ScanActivity } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { scanCount, scanHour } from '../lib/activity-text';
import { ChangeEntry, when } from './history-list';

interface ActivityListProps {
  items: ActivityItem[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** The code an item is about (a link, or its name once deleted). */
  showCode: (item: Pick<CodeHistoryEntry, 'codeId' | 'codeName' | 'codeDeleted'>) => React.ReactNode;
  empty: string;
}

/** A code's scans in one hour: "12 scans of Menu since 10:00 AM". */
function ScanEntry({ item, showCode }: { item: ScanActivity; showCode: ActivityListProps['showCode'] }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-3">
      <p className="text-sm">
        <span className="font-medium">{scanCount(item)}</span> of {showCode(item)} <span className="text-muted-foreground">{scanHour(item)}</span>
      </p>
      <time dateTime={item.at} className="text-xs text-muted-foreground">
        {when(item.at)}
      </time>
    </li>
  );
}

/** Recent Activity: changes and scans newest first, a page at a time, with their loading, empty and failed states. */
export function ActivityList({ items, isLoading, error, onRetry, hasMore, isLoadingMore, onLoadMore, showCode, empty }: ActivityListProps) {
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading activity...
      </p>
    );
  }
  if (error && !items) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        Could not load the activity.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!items || items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      <ol className="divide-y" aria-label="Activity, newest first">
        {items.map((item) =>
          item.type === 'scans' ? (
            <ScanEntry key={`scans-${item.id}`} item={item} showCode={showCode} />
          ) : (
            <ChangeEntry key={`change-${item.id}`} entry={item} showCode={showCode} />
          ),
        )}
      </ol>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          Could not load more of the activity.
        </p>
      )}
      {hasMore && (
        <Button variant="outline" className="justify-self-start" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? <Spinner /> : null} {isLoadingMore ? 'Loading...' : 'Show older activity'}
        </Button>
      )}
    </div>
  );
}
