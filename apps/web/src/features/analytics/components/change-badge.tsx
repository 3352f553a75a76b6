import type { PercentChange } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { cn } from '../../../lib/utils';
import { changeLabel, changeTone } from '../lib/change';

/** The change against the period before, coloured by direction and said in words for screen readers. */
export function ChangeBadge({ change, previous, className }: { change: PercentChange; previous: string; className?: string }) {
  const intl = useIntl();
  const tone = changeTone(change);
  const label = changeLabel(intl, change);
  const words =
    change === 'new'
      ? intl.formatMessage({ id: 'analytics.changeBadge.new', defaultMessage: 'new: none in {previous}' }, { previous })
      : intl.formatMessage({ id: 'analytics.changeBadge.change', defaultMessage: '{change} on {previous}' }, { change: label, previous });
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium tabular-nums',
        tone === 'up' && 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200',
        tone === 'down' && 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
        tone === 'flat' && 'bg-muted text-muted-foreground',
        className,
      )}
      title={words}
    >
      <span aria-hidden="true">{label}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
}
