import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

interface QueryStateProps {
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Loading and failure of an analytics read, said in words. */
export function QueryState({ isLoading, error, onRetry }: QueryStateProps) {
  if (isLoading) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Spinner /> Loading analytics...
      </p>
    );
  }
  if (!error) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-destructive">
      Could not load the analytics.
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
