// A labelled figure of the back office's summary grids.
import type { ReactNode } from 'react';

/** A labelled figure of a summary grid. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border bg-background p-4">
      <dt className="text-sm [overflow-wrap:anywhere] hyphens-auto text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}
