import type { CodeHistoryEntry } from '@qrd/contracts';
import { useKnownUser } from '../../../lib/auth';
import { actorText, changeLines, entryTitle } from '../lib/history-text';
import { PagedList, PagedListState } from './paged-list';

interface HistoryListProps extends Omit<PagedListState<CodeHistoryEntry>, 'items'> {
  entries: CodeHistoryEntry[] | undefined;
  /** Say which code each entry is about (the account's activity). */
  showCode?: (entry: CodeHistoryEntry) => React.ReactNode;
}

export function when(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** One change: what it was, by whom, when, and each field before and after. */
export function ChangeEntry({ entry, showCode }: { entry: CodeHistoryEntry; showCode?: (entry: CodeHistoryEntry) => React.ReactNode }) {
  const user = useKnownUser();
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          <span className="font-medium">{entryTitle(entry)}</span>
          {showCode && <>: {showCode(entry)}</>} <span className="text-muted-foreground">{actorText(entry, user?.username)}</span>
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
export function HistoryList({ entries, showCode, ...list }: HistoryListProps) {
  return (
    <PagedList {...list} items={entries} subject="the history" label="Changes, newest first" moreLabel="Show older changes">
      {(entry) => <ChangeEntry key={entry.id} entry={entry} showCode={showCode} />}
    </PagedList>
  );
}
