import { useId } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { hourName } from '../lib/figures';

/** Monday to Sunday in the shown language, long and short: 5 January 2026 was a Monday. */
function weekdays(intl: IntlShape): { long: string; short: string }[] {
  return Array.from({ length: 7 }, (_, n) => {
    const day = Date.UTC(2026, 0, 5 + n);
    return { long: intl.formatDate(day, { weekday: 'long', timeZone: 'UTC' }), short: intl.formatDate(day, { weekday: 'short', timeZone: 'UTC' }) };
  });
}

/** Five steps of the primary colour; an hour without scans is grey, each at least 3:1 against the card. */
function shade(scans: number, max: number): string {
  if (scans === 0 || max === 0) return 'var(--chart-empty)';
  return stepShade(Math.ceil((scans / max) * 5));
}

function stepShade(step: number): string {
  return `color-mix(in oklch, var(--primary) ${step * 18 + 10}%, var(--chart-empty))`;
}

/**
 * Scans per local hour of the week (rows Monday to Sunday, columns midnight to 11 PM) as a table:
 * every cell has its figure for screen readers and as a tooltip, the shade is for the eye.
 */
export function ScanHeatmap({ heatmap, tz }: { heatmap: number[][]; tz: string }) {
  const intl = useIntl();
  const noteId = useId();
  const days = weekdays(intl);
  const max = Math.max(0, ...heatmap.flat());
  const total = heatmap.flat().reduce((sum, n) => sum + n, 0);
  if (total === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="analytics.heatmap.empty" defaultMessage="No scans in this period." />
      </p>
    );
  }
  return (
    <div className="grid grid-cols-1 gap-3">
      <ScrollRegion label={intl.formatMessage({ id: 'analytics.heatmap.region', defaultMessage: 'Scans by hour of the week' })}>
        <table className="w-full min-w-[40rem] border-separate border-spacing-0.5 text-xs" aria-describedby={noteId}>
          <caption className="sr-only">
            <FormattedMessage id="analytics.heatmap.caption" defaultMessage="Scans by day of the week and hour in {tz}" values={{ tz }} />
          </caption>
          <thead>
            <tr>
              <td />
              {Array.from({ length: 24 }, (_, hour) => (
                <th key={hour} scope="col" className="px-0.5 text-center font-normal text-muted-foreground">
                  <span aria-hidden="true">{hour % 3 === 0 ? intl.formatNumber(hour) : ''}</span>
                  <span className="sr-only">{hourName(intl, hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.map((row, day) => (
              <tr key={day}>
                <th scope="row" className="pe-2 text-start font-normal text-muted-foreground">
                  <span aria-hidden="true">{days[day].short}</span>
                  <span className="sr-only">{days[day].long}</span>
                </th>
                {row.map((scans, hour) => (
                  <td
                    key={hour}
                    className="h-6 min-w-5 rounded-sm border border-border/60 text-center"
                    style={{ background: shade(scans, max) }}
                    title={intl.formatMessage(
                      { id: 'analytics.heatmap.cell', defaultMessage: '{day}, {hour}: {count, plural, one {# scan} other {# scans}}' },
                      { day: days[day].long, hour: hourName(intl, hour), count: scans },
                    )}
                    data-scans={scans}
                  >
                    <span className="sr-only">{intl.formatNumber(scans)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p id={noteId} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span aria-hidden="true" className="inline-block size-4 rounded-sm border border-border/60 bg-chart-empty" />
        <FormattedMessage id="analytics.heatmap.legendNone" defaultMessage="None ·" />
        <FormattedMessage id="analytics.heatmap.legendFewer" defaultMessage="Fewer" />
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            aria-hidden="true"
            className="inline-block size-4 rounded-sm border border-border/60"
            style={{ background: stepShade(step) }}
          />
        ))}
        <FormattedMessage
          id="analytics.heatmap.legendMore"
          defaultMessage="More (busiest hour: {count, plural, one {# scan} other {# scans}}). Hours in {tz}."
          values={{ count: max, tz }}
        />
      </p>
    </div>
  );
}
