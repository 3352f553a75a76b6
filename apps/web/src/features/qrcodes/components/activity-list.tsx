import type { ActivityItem, CodeHistoryEntry, ScanActivity } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';
import { scanHour } from '../lib/activity-text';
import { ChangeEntry, when } from './history-list';
import { PagedList, PagedListState } from './paged-list';

interface ActivityListProps extends PagedListState<ActivityItem> {
  /** The code an item is about (a link, or its name once deleted). */
  showCode: (item: Pick<CodeHistoryEntry, 'codeId' | 'codeName' | 'codeDeleted'>) => React.ReactNode;
}

/** A code's scans in one hour: "12 scans of Menu since 10:00 AM". */
function ScanEntry({ item, showCode }: { item: ScanActivity; showCode: ActivityListProps['showCode'] }) {
  const intl = useIntl();
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-3">
      <p className="text-sm">
        <FormattedMessage
          id="codesList.activity.scans"
          defaultMessage="<strong>{count, plural, one {# scan} other {# scans}}</strong> of {code} <muted>{ongoing, select, yes {since {from}} other {from {from} to {to}}}</muted>"
          values={{
            count: item.scans,
            code: showCode(item),
            ...scanHour(intl, item),
            strong: (chunks: React.ReactNode[]) => <span className="font-medium">{chunks}</span>,
            muted: (chunks: React.ReactNode[]) => <span className="text-muted-foreground">{chunks}</span>,
          }}
        />
      </p>
      <time dateTime={item.at} className="text-xs text-muted-foreground">
        {when(intl, item.at)}
      </time>
    </li>
  );
}

/** Recent Activity: changes and scans newest first, a page at a time, with their loading, empty and failed states. */
export function ActivityList({ showCode, ...list }: ActivityListProps) {
  const intl = useIntl();
  return (
    <PagedList
      {...list}
      loadingLabel={intl.formatMessage({ id: 'codesList.activity.loading', defaultMessage: 'Loading activity...' })}
      errorLabel={intl.formatMessage({ id: 'codesList.activity.loadError', defaultMessage: 'Could not load the activity.' })}
      moreErrorLabel={intl.formatMessage({ id: 'codesList.activity.loadMoreError', defaultMessage: 'Could not load more of the activity.' })}
      label={intl.formatMessage({ id: 'codesList.activity.listLabel', defaultMessage: 'Activity, newest first' })}
      moreLabel={intl.formatMessage({ id: 'codesList.activity.showOlder', defaultMessage: 'Show older activity' })}
    >
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
