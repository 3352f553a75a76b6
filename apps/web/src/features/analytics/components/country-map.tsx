import type { CountItem } from '@qrd/contracts';
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { countryName, formatCount } from '../lib/figures';
import { CityTable, CountryTable } from './place-tables';
import type { MapCity } from './world-map';

const WorldMap = lazy(() => import('./world-map'));

/** A failed download of the map's chunk leaves the table, which has every figure. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) return <p className="text-sm text-muted-foreground">The map could not be loaded; the table lists every figure.</p>;
    return this.props.children;
  }
}

const LEGEND = [1, 2, 3, 4, 5];

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function ShadeLegend({ max }: { max: number }) {
  return (
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
  );
}

/**
 * Scans by country: a shaded world map and the same figures as a table. Choosing a country (on
 * the map or in the table) shows it close up, its cities as dots sized by their scans where their
 * coordinates are known, and its cities in the table, until "Back to world".
 */
export function CountryMap({ countries, cities = [] }: { countries: CountItem[]; cities?: CountItem[] }) {
  const [focus, setFocus] = useState<string | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const left = useRef<string | null>(null);
  const total = countries.reduce((sum, c) => sum + c.scans, 0);
  const counts = useMemo(() => new Map(countries.filter((c) => c.key).map((c) => [c.key, c.scans])), [countries]);
  const local = useMemo(() => (focus ? cities.filter((c) => c.country === focus) : []), [cities, focus]);
  const drawn = useMemo(
    () => local.filter((c): c is CountItem & { lat: number; lon: number } => typeof c.lat === 'number' && typeof c.lon === 'number').map(({ key, scans, lat, lon }): MapCity => ({ key, scans, lat, lon })),
    [local],
  );

  // Keyboard users land on "Back to world" after choosing, and on the country's row after going back.
  useEffect(() => {
    if (focus) back.current?.focus();
    else if (left.current) frame.current?.querySelector<HTMLButtonElement>(`button[data-country="${left.current}"]`)?.focus();
  }, [focus]);

  const goBack = (from: string) => {
    left.current = from;
    setFocus(null);
  };

  if (total === 0) return <p className="text-sm text-muted-foreground">No scans in this period.</p>;
  const max = Math.max(0, ...counts.values());
  const countryScans = focus ? (counts.get(focus) ?? 0) : 0;
  const label = focus
    ? `Map of ${countryName(focus)}: ${plural(drawn.length, 'city', 'cities')} drawn by scans${local.length > 0 ? `, ${local.slice(0, 3).map((c) => `${c.key} ${formatCount(c.scans)}`).join(', ')}` : ''}`
    : `World map of scans by country: ${countries
        .slice(0, 3)
        .map((c) => `${countryName(c.key)} ${formatCount(c.scans)}`)
        .join(', ')}${countries.length > 3 ? ` and ${countries.length - 3} more` : ''}. Choose a country to see its cities.`;

  return (
    <div ref={frame} className="@container">
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-3">
          {focus && (
            <div className="flex flex-wrap items-center gap-3">
              <Button ref={back} variant="outline" size="sm" onClick={() => goBack(focus)}>
                ← Back to world
              </Button>
              <p className="text-sm" aria-live="polite">
                <span className="font-medium">{countryName(focus)}</span>: {plural(countryScans, 'scan', 'scans')} in {plural(local.length, 'city', 'cities')}
              </p>
            </div>
          )}
          <MapBoundary>
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner /> Loading the map...
                </p>
              }
            >
              <WorldMap counts={counts} label={label} focus={focus} cities={drawn} onChoose={setFocus} />
            </Suspense>
          </MapBoundary>
          {focus ? (
            <p className="text-xs text-muted-foreground">
              Each dot is a city, larger with more scans.
              {local.length > drawn.length && ` ${plural(local.length - drawn.length, 'city has', 'cities have')} no known coordinates: listed in the table, not drawn.`}
            </p>
          ) : (
            max > 0 && <ShadeLegend max={max} />
          )}
        </div>
        <div className="min-w-0">
          {focus ? <CityTable country={focus} countryScans={countryScans} cities={local} /> : <CountryTable countries={countries} total={total} onChoose={setFocus} />}
        </div>
      </div>
    </div>
  );
}
