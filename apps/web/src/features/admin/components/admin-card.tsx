import { CircleAlert, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';

interface AdminCardProps {
  id: string;
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Extra content on the title's line (a search box). */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** One section of the back office: a titled card, labelled for screen readers. */
export function AdminCard({ id, title, description, icon, aside, children, className }: AdminCardProps) {
  return (
    <Card className={className} role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
            {icon}
            {title}
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {aside}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The loading and failure states of an admin read (after its retries). */
export function QueryState({ isLoading, error, onRetry, what }: { isLoading: boolean; error: unknown; onRetry: () => void; what: string }) {
  if (isLoading) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-muted-foreground">
        <Spinner /> Loading {what}...
      </p>
    );
  }
  if (!error) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
      <CircleAlert className="size-4 shrink-0 text-destructive" aria-hidden="true" />
      <span className="flex-1">
        Could not load {what}: {getErrorMessage(error, error instanceof Error ? error.message : 'please try again.')}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RotateCw aria-hidden="true" /> Retry
      </Button>
    </div>
  );
}

/** A labelled figure of a summary grid. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border bg-background p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}
