import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

interface MarketingPageProps {
  title: string;
  intro?: ReactNode;
  /** "Last updated" line of the legal pages. */
  updated?: string;
  children: ReactNode;
}

/** The reading layout of the footer pages: a title block and comfortable prose. */
export function MarketingPage({ title, intro, updated, children }: MarketingPageProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <header className="border-b pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {intro && <p className="mt-4 text-lg text-muted-foreground text-pretty">{intro}</p>}
        {updated && (
          <p className="mt-4 text-sm text-muted-foreground">
            <FormattedMessage id="site.marketingPage.updated" defaultMessage="Last updated: {date}" values={{ date: updated }} />
          </p>
        )}
      </header>
      <div className="mt-8 grid gap-8">{children}</div>
    </article>
  );
}

/** One titled part of a footer page; lists and paragraphs inside get the page's prose style. */
export function ProseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3 leading-7 text-pretty [&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:ps-1 [&_strong]:font-semibold [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:ps-6 [&_ul]:text-muted-foreground [&_p]:text-muted-foreground [&_strong]:text-foreground">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}
