import type { CountItem } from '@qrd/contracts';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { countryName, formatCount } from '../lib/figures';

const WorldMap = lazy(() => import('./world-map'));

/** A failed download of the map's chunk leaves the table, which has every figure. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="text-sm text-muted-foreground">The map could not be loaded; the table below lists every country.</p>;
    return this.props.children;
  }
}

const LEGEND = [1, 2, 3, 4, 5];

/** Scans by country: a shaded world map with its legend, and the same figures as a table. */
export function CountryMap({ countries }: { countries: CountItem[] }) {
  const total = countries.reduce((sum, c) => sum + c.scans, 0);
  if (total === 0) return <p className="text-sm text-muted-foreground">No scans in this period.</p>;
  const counts = new Map(countries.filter((c) => c.key).map((c) => [c.key, c.scans]));
  const max = Math.max(0, ...counts.values());
  const summary = `World map of scans by country: ${countries
    .slice(0, 3)
    .map((c) => `${countryName(c.key)} ${formatCount(c.scans)}`)
    .join(', ')}${countries.length > 3 ? ` and ${countries.length - 3} more` : ''}`;

  return (
    <div className="grid grid-cols-1 gap-4">
      <MapBoundary>
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> Loading the map...
            </p>
          }
        >
          <WorldMap counts={counts} label={summary} />
        </Suspense>
      </MapBoundary>
      {max > 0 && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>1 scan</span>
          {LEGEND.map((step) => (
            <span
              key={step}
              aria-hidden="true"
              className="inline-block h-3 w-6 rounded-sm border border-border/60"
              style={{ background: `color-mix(in oklch, var(--primary) ${step * 18 + 10}%, var(--chart-empty))` }}
            />
          ))}
          <span>{formatCount(max)} scans (busiest country)</span>
        </p>
      )}
      <div className="max-h-72 overflow-y-auto rounded-lg border" role="region" aria-label="Scans by country (table)" tabIndex={0}>
        <table className="w-full text-sm">
          <caption className="sr-only">Scans by country</caption>
          <thead className="sticky top-0 bg-card">
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">Country</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Scans</th>
              <th scope="col" className="px-3 py-2 text-right font-medium">Share</th>
            </tr>
          </thead>
          <tbody>
            {countries.map((c) => (
              <tr key={c.key} className="border-t">
                <th scope="row" className="px-3 py-1.5 text-left font-normal">{countryName(c.key)}</th>
                <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(c.scans)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{Math.round((c.scans / total) * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
