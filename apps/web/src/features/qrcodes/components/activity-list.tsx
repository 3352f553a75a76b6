import type { ActivityItem, CodeHistoryEntry, ScanActivity } from '@qrd/contracts';
import { scanCount, scanHour } from '../lib/activity-text';
import { ChangeEntry, when } from './history-list';
import { PagedList, PagedListState } from './paged-list';

interface ActivityListProps extends PagedListState<ActivityItem> {
  /** The code an item is about (a link, or its name once deleted). */
  showCode: (item: Pick<CodeHistoryEntry, 'codeId' | 'codeName' | 'codeDeleted'>) => React.ReactNode;
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
export function ActivityList({ showCode, ...list }: ActivityListProps) {
  return (
    <PagedList {...list} subject="the activity" label="Activity, newest first" moreLabel="Show older activity">
      {(item) =>
        item.type === 'scans' ? (
          <ScanEntry key={`scans-${item.id}`} item={item} showCode={showCode} />
        ) : (
          <ChangeEntry key={`change-${item.id}`} entry={item} showCode={showCode} />
        )
      }
    </PagedList>
  );
}
