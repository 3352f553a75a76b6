import type { CountItem } from '@qrd/contracts';
import { FormattedMessage, useIntl } from 'react-intl';

interface BreakdownListProps {
  title: string;
  items: CountItem[];
  name: (item: CountItem) => string;
}

/** Top entries with a bar each, widest first. */
export function BreakdownList({ title, items, name }: BreakdownListProps) {
  const intl = useIntl();
  const top = Math.max(1, ...items.map((item) => item.scans));
  return (
    <section aria-label={title} className="grid content-start gap-3">
      <h4 className="text-sm font-semibold">{title}</h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="analytics.breakdownList.empty" defaultMessage="No scans yet." />
        </p>
      ) : (
        <ul className="grid gap-2">
          {items.map((item) => (
            <li key={`${item.key}|${item.country ?? ''}`} className="grid gap-1">
              <div className="flex items-center justify-between gap-2 text-sm">
                <span className="truncate">{name(item)}</span>
                <span className="tabular-nums text-muted-foreground">{intl.formatNumber(item.scans)}</span>
              </div>
              <div className="h-1.5 rounded-full bg-muted" aria-hidden="true">
                <div className="h-1.5 rounded-full bg-primary" style={{ width: `${(item.scans / top) * 100}%` }} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
