import type { SeriesPoint } from '@qrd/contracts';
import { useIntl } from 'react-intl';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { directionOf, type UiLocale } from '../../../i18n/language';
import { bucketLabel } from '../lib/figures';

interface ScansChartProps {
  series: SeriesPoint[];
  /** What the chart shows, for screen readers (the figures are also in the cards and lists). */
  label: string;
}

/** Scans and unique scanners per local hour or day (bars: a single scan stays visible). */
export function ScansChart({ series, label }: ScansChartProps) {
  const intl = useIntl();
  // Right to left, time runs from the right and the counts stand on the right.
  const rtl = directionOf(intl.locale as UiLocale) === 'rtl';
  const data = series.map((point) => ({ ...point, label: bucketLabel(intl, point.bucket) }));
  return (
    <figure className="h-64 w-full" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={rtl ? { top: 8, right: -16, bottom: 0, left: 8 } : { top: 8, right: 8, bottom: 0, left: -16 }} barGap={1}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} reversed={rtl} />
          <YAxis orientation={rtl ? 'right' : 'left'} allowDecimals={false} tick={{ fontSize: 12 }} tickFormatter={(value: number) => intl.formatNumber(value)} />
          <Tooltip
            formatter={(value) => (typeof value === 'number' ? intl.formatNumber(value) : value)}
            cursor={{ fill: 'var(--muted)' }}
            contentStyle={{ background: 'var(--popover)', border: '1px solid var(--border)', borderRadius: 8, color: 'var(--popover-foreground)' }}
          />
          {/* Our own legend: the library's names each colour swatch "... legend icon" in English. */}
          <Legend
            wrapperStyle={{ fontSize: 12 }}
            content={({ payload }) => (
              <ul className="flex flex-wrap justify-center gap-4">
                {payload?.map((entry) => (
                  <li key={String(entry.value)} className="flex items-center gap-1.5">
                    <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: entry.color }} />
                    {entry.value}
                  </li>
                ))}
              </ul>
            )}
          />
          <Bar dataKey="scans" name={intl.formatMessage({ id: 'analytics.code.scans', defaultMessage: 'Scans' })} fill="var(--primary)" radius={[3, 3, 0, 0]} />
          <Bar dataKey="uniqueScans" name={intl.formatMessage({ id: 'analytics.code.uniqueScannersHead', defaultMessage: 'Unique scanners' })} fill="var(--success)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
