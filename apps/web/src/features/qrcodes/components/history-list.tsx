import type { CodeHistoryEntry } from '@qrd/contracts';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { actorText, changeLines, entryTitle } from '../lib/history-text';

interface HistoryListProps {
  entries: CodeHistoryEntry[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  /** Say which code each entry is about (the account's activity). */
  showCode?: (entry: CodeHistoryEntry) => React.ReactNode;
  empty: string;
}

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** One change: what it was, by whom, when, and each field before and after. */
export function ChangeEntry({ entry, showCode }: { entry: CodeHistoryEntry; showCode?: (entry: CodeHistoryEntry) => React.ReactNode }) {
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <span className="font-medium">{entryTitle(entry)}</span>
          {showCode && <>: {showCode(entry)}</>} <span className="text-muted-foreground">{actorText(entry)}</span>
        </p>
        <time dateTime={entry.at} className="text-xs text-muted-foreground">
          {when(entry.at)}
        </time>
      </div>
      {changeLines(entry).length > 0 && (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {changeLines(entry).map((line) => (
            <li key={line.label} className="break-all">
              {line.label}: {line.before !== null && <><del className="no-underline">{line.before}</del> → </>}
              <span className="text-foreground">{line.after}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Changes newest first, a page at a time, with their loading, empty and failed states. */
export function HistoryList({ entries, isLoading, error, onRetry, hasMore, isLoadingMore, onLoadMore, showCode, empty }: HistoryListProps) {
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> Loading history...
      </p>
    );
  }
  if (error && !entries) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        Could not load the history.
        <Button variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (!entries || entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      <ol className="divide-y" aria-label="Changes, newest first">
        {entries.map((entry) => (
          <ChangeEntry key={entry.id} entry={entry} showCode={showCode} />
        ))}
      </ol>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          Could not load more of the history.
        </p>
      )}
      {hasMore && (
        <Button variant="outline" className="justify-self-start" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? <Spinner /> : null} {isLoadingMore ? 'Loading...' : 'Show older changes'}
        </Button>
      )}
    </div>
  );
}
