import { FormattedMessage } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** What a list read a page at a time knows of its pages. */
export interface PagedListState<T> {
  items: T[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  empty: string;
}

interface PagedListProps<T> extends PagedListState<T> {
  /** While the first page loads ("Loading history..."). */
  loadingLabel: string;
  /** When the first page failed ("Could not load the history."). */
  errorLabel: string;
  /** When a later page failed ("Could not load more of the history."). */
  moreErrorLabel: string;
  /** The list's accessible name. */
  label: string;
  /** The button that reads the next page ("Show older changes"). */
  moreLabel: string;
  children: (item: T) => React.ReactNode;
}

/** Newest first, a page at a time, with its loading, empty and failed states (their texts are the caller's messages). */
export function PagedList<T>({
  items,
  isLoading,
  error,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  empty,
  loadingLabel,
  errorLabel,
  moreErrorLabel,
  label,
  moreLabel,
  children,
}: PagedListProps<T>) {
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner /> {loadingLabel}
      </p>
    );
  }
  if (error && !items) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        {errorLabel}
        <Button variant="outline" size="sm" onClick={onRetry}>
          <FormattedMessage id="codesList.pagedList.retry" defaultMessage="Try again" />
        </Button>
      </div>
    );
  }
  if (!items || items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      <ol className="divide-y" aria-label={label}>
        {items.map(children)}
      </ol>
      {error !== null && error !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          {moreErrorLabel}
        </p>
      )}
      {hasMore && (
        <Button variant="outline" className="justify-self-start" onClick={onLoadMore} disabled={isLoadingMore}>
          {isLoadingMore ? <Spinner /> : null} {isLoadingMore ? <FormattedMessage id="codesList.pagedList.loadingMore" defaultMessage="Loading..." /> : moreLabel}
        </Button>
      )}
    </div>
  );
}
