import { geoArea, geoCentroid, geoCircle, geoEqualEarth, geoPath, type GeoProjection } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry, Polygon } from 'geojson';
import { useMemo, type KeyboardEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Loaded with this module only (the map is a separate chunk, fetched when a map is shown).
import atlas from 'world-atlas/countries-110m.json';
import { ALPHA2_BY_MAP_NAME, ALPHA2_BY_NUMERIC } from '../lib/country-codes';
import { countryName } from '../lib/figures';

const messages = defineMessages<string>({
  choose: { id: 'analytics.worldMap.choose', defaultMessage: '{place}: {count, plural, one {# scan} other {# scans}}. Show its cities' },
  figure: { id: 'analytics.worldMap.figure', defaultMessage: '{place}: {count, plural, one {# scan} other {# scans}}' },
});

type CountryFeature = Feature<Geometry, { name: string }> & { id?: string };

/** A city the map can draw: its coordinates are known. */
export interface MapCity {
  key: string;
  scans: number;
  lat: number;
  lon: number;
}

export interface WorldMapProps {
  counts: Map<string, number>;
  label: string;
  /** The country shown close up with its cities; null shows the world. */
  focus: string | null;
  /** The focused country's cities with coordinates. */
  cities: MapCity[];
  onChoose: (country: string) => void;
}

const WIDTH = 960;
const HEIGHT = 470;
const PAD = 24;

/**
 * Five steps of the primary colour by share of the busiest country (the legend shows the same);
 * a country without scans is grey, each at least 3:1 against the card.
 */
export function mapShade(scans: number, max: number): string {
  if (scans === 0 || max === 0) return 'var(--chart-empty)';
  return `color-mix(in oklch, var(--primary) ${Math.ceil((scans / max) * 5) * 18 + 10}%, var(--chart-empty))`;
}

/** A dot's radius by its share of the busiest city's scans (by area, as the eye reads dots). */
export function dotRadius(scans: number, max: number): number {
  return 3 + 13 * Math.sqrt(max > 0 ? scans / max : 0);
}

function loadCountries(): { key: string; name: string; shape: CountryFeature }[] {
  const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries) as unknown as { features: CountryFeature[] };
  return collection.features
    .filter((f) => f.properties.name !== 'Antarctica')
    .map((f) => ({ key: (f.id && ALPHA2_BY_NUMERIC[String(f.id)]) || ALPHA2_BY_MAP_NAME[f.properties.name] || '', name: f.properties.name, shape: f }));
}

/** The country's largest piece (mainland France, not French Guiana), so that a close-up is close. */
function mainland(shape: CountryFeature): Feature<Polygon> | null {
  const g = shape.geometry;
  if (g.type === 'Polygon') return { type: 'Feature', properties: {}, geometry: g };
  if (g.type !== 'MultiPolygon') return null;
  const pieces: Feature<Polygon>[] = g.coordinates.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } }));
  return pieces.reduce<Feature<Polygon> | null>((best, piece) => (best === null || geoArea(piece) > geoArea(best) ? piece : best), null);
}

/** The whole world, or the focused country's mainland and every city of it, turned to face the viewer and filling the frame. */
function projectionFor(shape: CountryFeature | null, cities: MapCity[]): GeoProjection {
  const projection = geoEqualEarth();
  const parts: Feature[] = [];
  const land = shape && mainland(shape);
  if (land) parts.push(land);
  // A country too small for the atlas is framed by its cities (a circle each: one point has no size).
  for (const city of cities) parts.push({ type: 'Feature', properties: {}, geometry: land ? { type: 'Point', coordinates: [city.lon, city.lat] } : geoCircle().center([city.lon, city.lat]).radius(1.5)() });
  if (parts.length === 0) return projection.fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
  const target: FeatureCollection = { type: 'FeatureCollection', features: parts };
  const [lon] = geoCentroid(target);
  return projection.rotate([-lon, 0]).fitExtent([[PAD, PAD], [WIDTH - PAD, HEIGHT - PAD]], target);
}

/**
 * The world, each country shaded by its scans; a country with scans is a button (click, Enter or
 * Space) that shows it close up with a dot per city, sized by its scans. Hovering a country or a
 * dot names it with its figure.
 */
export default function WorldMap({ counts, label, focus, cities, onChoose }: WorldMapProps) {
  const intl = useIntl();
  const countries = useMemo(loadCountries, []);
  const focused = focus ? (countries.find((c) => c.key === focus)?.shape ?? null) : null;
  const { shapes, dots } = useMemo(() => {
    const projection = focus ? projectionFor(focused, cities) : projectionFor(null, []);
    const path = geoPath(projection);
    const top = Math.max(0, ...cities.map((c) => c.scans));
    return {
      shapes: countries.map((c) => ({ key: c.key, name: c.name, d: path(c.shape) ?? '' })),
      // Largest first, so a small town's dot is never hidden under a big city's.
      dots: (focus ? cities : [])
        .map((city) => ({ city, at: projection([city.lon, city.lat]), r: dotRadius(city.scans, top) }))
        .filter((dot): dot is { city: MapCity; at: [number, number]; r: number } => dot.at !== null)
        .sort((a, b) => b.r - a.r),
    };
  }, [countries, focus, focused, cities]);
  const max = Math.max(0, ...counts.values());
  const choose = (key: string) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onChoose(key);
  };

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-label={label} className="h-auto w-full overflow-hidden" data-testid="scan-map" data-focus={focus ?? ''}>
      {shapes.map((shape, n) => {
        const scans = (shape.key && counts.get(shape.key)) || 0;
        const name = shape.key ? countryName(intl, shape.key) : shape.name;
        const choosable = scans > 0 && shape.key !== '' && shape.key !== focus;
        return (
          <path
            key={`${shape.key}-${n}`}
            d={shape.d}
            fill={mapShade(scans, max)}
            fillOpacity={focus && shape.key !== focus ? 0.45 : 1}
            stroke="var(--background)"
            strokeWidth={0.5}
            data-country={shape.key}
            data-scans={scans}
            {...(choosable && {
              role: 'button',
              tabIndex: 0,
              'aria-label': intl.formatMessage(messages.choose, { place: name, count: scans }),
              onClick: () => onChoose(shape.key),
              onKeyDown: choose(shape.key),
              className: 'cursor-pointer outline-none hover:stroke-foreground focus-visible:stroke-foreground focus-visible:[stroke-width:2.5]',
            })}
          >
            <title>{intl.formatMessage(messages.figure, { place: name, count: scans })}</title>
          </path>
        );
      })}
      {dots.map(({ city, at, r }) => (
        <circle key={city.key} cx={at[0]} cy={at[1]} r={r} fill="var(--warning)" fillOpacity={0.85} stroke="var(--foreground)" strokeWidth={0.75} data-city={city.key} data-scans={city.scans}>
          <title>{intl.formatMessage(messages.figure, { place: city.key, count: city.scans })}</title>
        </circle>
      ))}
    </svg>
  );
}
