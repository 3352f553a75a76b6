import { FormattedMessage, useIntl } from 'react-intl';
import { useCodeHistory } from '../api/history';
import { HistoryList } from './history-list';

/** The edit screen's History tab: every change of this code, newest first. */
export function CodeHistory({ codeId }: { codeId: string }) {
  const intl = useIntl();
  const query = useCodeHistory(codeId);
  return (
    <section aria-labelledby="code-history-heading" className="grid gap-3">
      <h2 id="code-history-heading" className="text-lg font-semibold">
        <FormattedMessage id="codesList.codeHistory.title" defaultMessage="History" />
      </h2>
      <HistoryList
        entries={query.data?.pages.flatMap((page) => page.items)}
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        hasMore={query.hasNextPage}
        isLoadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        empty={intl.formatMessage({ id: 'codesList.codeHistory.empty', defaultMessage: 'No changes recorded yet.' })}
      />
    </section>
  );
}
