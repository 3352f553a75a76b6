import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';

interface ListQueryStateProps<T> {
  query: UseQueryResult<T[]>;
  /** What the list holds, in words: "keys", "endpoints". */
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}

/** A list the account reads from the server: loading, the error with a retry, empty, or the list. */
export function ListQueryState<T>({ query, what, empty, children }: ListQueryStateProps<T>) {
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading your {what}…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">
          Could not load your {what}: {getErrorMessage(query.error, 'Please try again later.')}
        </p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return <>{children(query.data)}</>;
}
