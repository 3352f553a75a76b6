// The loading and failure states of a server read, in one place for every screen that reads data.
import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { getErrorMessage } from '../lib/api-client';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/**
 * How the failure is shown: `panel` a bordered box with an icon and a Retry button (the back
 * office), `inline` the words and a Try again button on one line, `stacked` the words over it.
 */
export type QueryStateLook = 'panel' | 'inline' | 'stacked';

interface QueryStateProps {
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Said beside the spinner while loading: "Loading analytics...". */
  loading: string;
  /** The failure in words, once the read has failed (after its retries). */
  failure: (error: unknown) => ReactNode;
  look?: QueryStateLook;
}

/**
 * The failure of a back-office read: "Could not load <what>: <the server's reason>". `what` is best a
 * whole sentence of its own with a `{reason}` placeholder ("Could not load the reports: {reason}"),
 * so each language words it whole; a plain (already translated) name is put into the shared sentence.
 */
export function couldNotLoad(what: string | MessageDescriptor) {
  return (error: unknown) => <CouldNotLoad what={what} error={error} />;
}

function CouldNotLoad({ what, error }: { what: string | MessageDescriptor; error: unknown }) {
  const intl = useIntl();
  const reason = getErrorMessage(
    error,
    error instanceof Error ? error.message : intl.formatMessage({ id: 'site.queryState.tryAgainReason', defaultMessage: 'please try again.' }),
  );
  if (typeof what !== 'string') return <>{intl.formatMessage(what, { reason })}</>;
  return <FormattedMessage id="site.queryState.couldNotLoad" defaultMessage="Could not load {what}: {reason}" values={{ what, reason }} />;
}

/** Nothing once loaded; a spinner while loading; the failure and a retry button when the read failed. */
export function QueryState({ isLoading, error, onRetry, loading, failure, look = 'panel' }: QueryStateProps) {
  if (isLoading) {
    return (
      <p role="status" className={look === 'panel' ? 'flex items-center gap-2 py-6 text-sm text-muted-foreground' : 'flex items-center gap-2 text-sm text-muted-foreground'}>
        <Spinner /> {loading}
      </p>
    );
  }
  if (!error) return null;
  if (look === 'inline') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
        {failure(error)}
        <Button variant="outline" size="sm" onClick={onRetry}>
          <FormattedMessage id="site.queryState.tryAgain" defaultMessage="Try again" />
        </Button>
      </div>
    );
  }
  if (look === 'stacked') {
    return (
      <div role="alert" className="grid gap-2 text-sm">
        <p className="text-destructive">{failure(error)}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRetry}>
          <FormattedMessage id="site.queryState.tryAgain" defaultMessage="Try again" />
        </Button>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <span className="flex-1">{failure(error)}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" /> <FormattedMessage id="site.queryState.retry" defaultMessage="Retry" />
      </Button>
    </div>
  );
}
