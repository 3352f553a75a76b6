import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '../../lib/utils';

/**
 * A sideways-scrolling area for wide tables on small screens. It is focusable and named, so a
 * keyboard user can reach it and scroll it with the arrow keys. Positioned, so screen-reader-only
 * text in the table (absolutely placed) scrolls with it instead of widening the page.
 */
export function ScrollRegion({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <div
      className={cn(
        'relative overflow-x-auto rounded-lg border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      role="region"
      aria-label={intl.formatMessage({ id: 'site.scrollRegion.label', defaultMessage: '{label} (scrolls sideways)' }, { label })}
      tabIndex={0}
    >
      {children}
    </div>
  );
}
