import type { CodeHistoryEntry } from '@qrd/contracts';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { useKnownUser } from '../../../lib/auth';
import { formatDateTime } from '../lib/code-list';
import { actorText, changeLines, entryTitle } from '../lib/history-text';
import { PagedList, PagedListState } from './paged-list';

interface HistoryListProps extends Omit<PagedListState<CodeHistoryEntry>, 'items'> {
  entries: CodeHistoryEntry[] | undefined;
  /** Say which code each entry is about (the account's activity). */
  showCode?: (entry: CodeHistoryEntry) => React.ReactNode;
}

/** When a change or a scan happened ("Mar 2, 2026, 10:00 AM" in English), in the shown language. */
export function when(intl: IntlShape, iso: string): string {
  return formatDateTime(intl, iso);
}

const strong = (chunks: React.ReactNode[]) => <span className="font-medium">{chunks}</span>;
const muted = (chunks: React.ReactNode[]) => <span className="text-muted-foreground">{chunks}</span>;

/** One change: what it was, by whom, when, and each field before and after. */
export function ChangeEntry({ entry, showCode }: { entry: CodeHistoryEntry; showCode?: (entry: CodeHistoryEntry) => React.ReactNode }) {
  const intl = useIntl();
  const user = useKnownUser();
  const title = entryTitle(intl, entry);
  const actor = actorText(intl, entry, user?.username);
  const lines = changeLines(intl, entry);
  return (
    <li className="grid gap-1 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm">
          {showCode ? (
            <FormattedMessage
              id="codesList.history.entryWithCode"
              defaultMessage="<strong>{title}</strong>: {code} <muted>{actor}</muted>"
              values={{ title, code: showCode(entry), actor, strong, muted }}
            />
          ) : (
            <FormattedMessage id="codesList.history.entry" defaultMessage="<strong>{title}</strong> <muted>{actor}</muted>" values={{ title, actor, strong, muted }} />
          )}
        </p>
        <time dateTime={entry.at} className="text-xs text-muted-foreground">
          {when(intl, entry.at)}
        </time>
      </div>
      {lines.length > 0 && (
        <ul className="grid gap-0.5 text-xs text-muted-foreground">
          {lines.map((line) => (
            <li key={line.field} className="break-all">
              {line.before !== null ? (
                <FormattedMessage
                  id="codesList.history.changeLine"
                  defaultMessage="{label}: <old>{before}</old> → <new>{after}</new>"
                  values={{
                    label: line.label,
                    before: line.before,
                    after: line.after,
                    old: (chunks: React.ReactNode[]) => <del className="no-underline">{chunks}</del>,
                    new: (chunks: React.ReactNode[]) => <span className="text-foreground">{chunks}</span>,
                  }}
                />
              ) : (
                <FormattedMessage
                  id="codesList.history.createdLine"
                  defaultMessage="{label}: <new>{after}</new>"
                  values={{ label: line.label, after: line.after, new: (chunks: React.ReactNode[]) => <span className="text-foreground">{chunks}</span> }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** Changes newest first, a page at a time, with their loading, empty and failed states. */
export function HistoryList({ entries, showCode, ...list }: HistoryListProps) {
  const intl = useIntl();
  return (
    <PagedList
      {...list}
      items={entries}
      loadingLabel={intl.formatMessage({ id: 'codesList.history.loading', defaultMessage: 'Loading history...' })}
      errorLabel={intl.formatMessage({ id: 'codesList.history.loadError', defaultMessage: 'Could not load the history.' })}
      moreErrorLabel={intl.formatMessage({ id: 'codesList.history.loadMoreError', defaultMessage: 'Could not load more of the history.' })}
      label={intl.formatMessage({ id: 'codesList.history.listLabel', defaultMessage: 'Changes, newest first' })}
      moreLabel={intl.formatMessage({ id: 'codesList.history.showOlder', defaultMessage: 'Show older changes' })}
    >
      {(entry) => <ChangeEntry key={entry.id} entry={entry} showCode={showCode} />}
    </PagedList>
  );
}
