import type { ReactNode } from 'react';

export const SELECT = 'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A part of the Campaign tab, named for assistive technology by its title. */
export function Section({ title, children, hint }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-5 first:border-t-0 first:pt-0" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {hint && <p className="text-sm text-muted-foreground">{hint}</p>}
      {children}
    </section>
  );
}

/** Looks up the server's messages by path inside the campaign settings. */
export interface CampaignProblems {
  /** The message of one field ('rules.0.destination'). */
  problem(path: string): string | undefined;
  /** A message about a rule, switch or variant as a whole, or about a part of it the form does not show. */
  itemProblem(list: string, i: number, shown: string[]): string | undefined;
}
