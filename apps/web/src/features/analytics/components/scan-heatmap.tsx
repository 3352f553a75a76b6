import { useId } from 'react';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { formatCount } from '../lib/figures';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

function hourName(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
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
  const noteId = useId();
  const max = Math.max(0, ...heatmap.flat());
  const total = heatmap.flat().reduce((sum, n) => sum + n, 0);
  if (total === 0) return <p className="text-sm text-muted-foreground">No scans in this period.</p>;
  return (
    <div className="grid grid-cols-1 gap-3">
      <ScrollRegion label="Scans by hour of the week">
        <table className="w-full min-w-[40rem] border-separate border-spacing-0.5 text-xs" aria-describedby={noteId}>
          <caption className="sr-only">Scans by day of the week and hour in {tz}</caption>
          <thead>
            <tr>
              <td />
              {Array.from({ length: 24 }, (_, hour) => (
                <th key={hour} scope="col" className="px-0.5 text-center font-normal text-muted-foreground">
                  <span aria-hidden="true">{hour % 3 === 0 ? hour : ''}</span>
                  <span className="sr-only">{hourName(hour)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {heatmap.map((row, day) => (
              <tr key={DAYS[day]}>
                <th scope="row" className="pr-2 text-left font-normal text-muted-foreground">
                  <span aria-hidden="true">{DAYS[day].slice(0, 3)}</span>
                  <span className="sr-only">{DAYS[day]}</span>
                </th>
                {row.map((scans, hour) => (
                  <td
                    key={hour}
                    className="h-6 min-w-5 rounded-sm border border-border/60 text-center"
                    style={{ background: shade(scans, max) }}
                    title={`${DAYS[day]}, ${hourName(hour)}: ${formatCount(scans)} scans`}
                    data-scans={scans}
                  >
                    <span className="sr-only">{formatCount(scans)}</span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <p id={noteId} className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span aria-hidden="true" className="inline-block size-4 rounded-sm border border-border/60 bg-chart-empty" />
        None ·
        Fewer
        {[1, 2, 3, 4, 5].map((step) => (
          <span
            key={step}
            aria-hidden="true"
            className="inline-block size-4 rounded-sm border border-border/60"
            style={{ background: stepShade(step) }}
          />
        ))}
        More (busiest hour: {formatCount(max)} scans). Hours in {tz}.
      </p>
    </div>
  );
}
