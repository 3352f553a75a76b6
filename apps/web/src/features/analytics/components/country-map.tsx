import type { CountItem } from '@qrd/contracts';
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { countryName } from '../lib/figures';
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
    if (this.state.failed) {
      return (
        <p className="text-sm text-muted-foreground">
          <FormattedMessage id="analytics.countryMap.failed" defaultMessage="The map could not be loaded; the table lists every figure." />
        </p>
      );
    }
    return this.props.children;
  }
}

const LEGEND = [1, 2, 3, 4, 5];

/** Points back, so it turns with the writing direction (not words). */
const BACK_ARROW = '←';

const messages = defineMessages<string>({
  worldLabel: {
    id: 'analytics.countryMap.worldLabel',
    defaultMessage: 'World map of scans by country: {top}. Choose a country to see its cities.',
  },
  worldLabelMore: {
    id: 'analytics.countryMap.worldLabelMore',
    defaultMessage: 'World map of scans by country: {top} and {more, number} more. Choose a country to see its cities.',
  },
  countryLabel: {
    id: 'analytics.countryMap.countryLabel',
    defaultMessage: 'Map of {country}: {drawn, plural, one {# city} other {# cities}} drawn by scans',
  },
  countryLabelTop: {
    id: 'analytics.countryMap.countryLabelTop',
    defaultMessage: 'Map of {country}: {drawn, plural, one {# city} other {# cities}} drawn by scans, {top}',
  },
  placeScans: { id: 'analytics.countryMap.placeScans', defaultMessage: '{place} {scans}' },
});

function ShadeLegend({ max }: { max: number }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      <span>
        <FormattedMessage id="analytics.countryMap.legendOne" defaultMessage="{count, plural, one {# scan} other {# scans}}" values={{ count: 1 }} />
      </span>
      {LEGEND.map((step) => (
        <span
          key={step}
          aria-hidden="true"
          className="inline-block h-3 w-6 rounded-sm border border-border/60"
          style={{ background: `color-mix(in oklch, var(--primary) ${step * 18 + 10}%, var(--chart-empty))` }}
        />
      ))}
      <span>
        <FormattedMessage
          id="analytics.countryMap.legendMax"
          defaultMessage="{count, plural, one {# scan} other {# scans}} (busiest country)"
          values={{ count: max }}
        />
      </span>
    </p>
  );
}

/**
 * Scans by country: a shaded world map and the same figures as a table. Choosing a country (on
 * the map or in the table) shows it close up, its cities as dots sized by their scans where their
 * coordinates are known, and its cities in the table, until "Back to world".
 */
export function CountryMap({ countries, cities = [] }: { countries: CountItem[]; cities?: CountItem[] }) {
  const intl = useIntl();
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

  if (total === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <FormattedMessage id="analytics.heatmap.empty" defaultMessage="No scans in this period." />
      </p>
    );
  }
  const max = Math.max(0, ...counts.values());
  const countryScans = focus ? (counts.get(focus) ?? 0) : 0;
  const topOf = (places: { place: string; scans: number }[]) =>
    intl.formatList(
      places.slice(0, 3).map(({ place, scans }) => intl.formatMessage(messages.placeScans, { place, scans: intl.formatNumber(scans) })),
      { type: 'unit', style: 'short' },
    );
  const label = focus
    ? local.length > 0
      ? intl.formatMessage(messages.countryLabelTop, {
          country: countryName(intl, focus),
          drawn: drawn.length,
          top: topOf(local.map((c) => ({ place: c.key, scans: c.scans }))),
        })
      : intl.formatMessage(messages.countryLabel, { country: countryName(intl, focus), drawn: drawn.length })
    : intl.formatMessage(countries.length > 3 ? messages.worldLabelMore : messages.worldLabel, {
        top: topOf(countries.map((c) => ({ place: countryName(intl, c.key), scans: c.scans }))),
        more: countries.length - 3,
      });

  return (
    <div ref={frame} className="@container">
      <div className="grid grid-cols-1 gap-4 @3xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid min-w-0 content-start gap-3">
          {focus && (
            <div className="flex flex-wrap items-center gap-3">
              <Button ref={back} variant="outline" size="sm" onClick={() => goBack(focus)}>
                <span className="inline-block rtl:-scale-x-100">{BACK_ARROW}</span> <FormattedMessage id="analytics.countryMap.back" defaultMessage="Back to world" />
              </Button>
              <p className="text-sm" aria-live="polite">
                <FormattedMessage
                  id="analytics.countryMap.focusSummary"
                  defaultMessage="<b>{country}</b>: {scans, plural, one {# scan} other {# scans}} in {cities, plural, one {# city} other {# cities}}"
                  values={{
                    b: (chunks) => <span className="font-medium">{chunks}</span>,
                    country: countryName(intl, focus),
                    scans: countryScans,
                    cities: local.length,
                  }}
                />
              </p>
            </div>
          )}
          <MapBoundary>
            <Suspense
              fallback={
                <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                  <Spinner /> <FormattedMessage id="analytics.countryMap.loading" defaultMessage="Loading the map..." />
                </p>
              }
            >
              <WorldMap counts={counts} label={label} focus={focus} cities={drawn} onChoose={setFocus} />
            </Suspense>
          </MapBoundary>
          {focus ? (
            <p className="text-xs text-muted-foreground">
              <FormattedMessage id="analytics.countryMap.dots" defaultMessage="Each dot is a city, larger with more scans." />
              {local.length > drawn.length && (
                <>
                  {' '}
                  <FormattedMessage
                    id="analytics.countryMap.undrawn"
                    defaultMessage="{count, plural, one {# city has} other {# cities have}} no known coordinates: listed in the table, not drawn."
                    values={{ count: local.length - drawn.length }}
                  />
                </>
              )}
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
