import { geoEqualEarth, geoPath } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Loaded with this module only (the map is a separate chunk, fetched when a map is shown).
import atlas from 'world-atlas/countries-110m.json';
import { ALPHA2_BY_MAP_NAME, ALPHA2_BY_NUMERIC } from '../lib/country-codes';
import { countryName, formatCount } from '../lib/figures';

type CountryFeature = Feature<Geometry, { name: string }> & { id?: string };

const WIDTH = 960;
const HEIGHT = 470;

/**
 * Five steps of the primary colour by share of the busiest country (the legend shows the same);
 * a country without scans is grey, each at least 3:1 against the card.
 */
export function mapShade(scans: number, max: number): string {
  if (scans === 0 || max === 0) return 'var(--chart-empty)';
  return `color-mix(in oklch, var(--primary) ${Math.ceil((scans / max) * 5) * 18 + 10}%, var(--chart-empty))`;
}

/** The world, each country shaded by its scans; hovering (or focusing) a country names it with its figure. */
export default function WorldMap({ counts, label }: { counts: Map<string, number>; label: string }) {
  const shapes = useMemo(() => {
    const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const collection = feature(topology, topology.objects.countries) as unknown as { features: CountryFeature[] };
    const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
    const path = geoPath(projection);
    return collection.features
      .filter((f) => f.properties.name !== 'Antarctica')
      .map((f) => ({
        key: (f.id && ALPHA2_BY_NUMERIC[String(f.id)]) || ALPHA2_BY_MAP_NAME[f.properties.name] || '',
        name: f.properties.name,
        d: path(f) ?? '',
      }));
  }, []);
  const max = Math.max(0, ...counts.values());

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} className="h-auto w-full" data-testid="scan-map">
      {shapes.map((shape, n) => {
        const scans = (shape.key && counts.get(shape.key)) || 0;
        return (
          <path
            key={`${shape.key}-${n}`}
            d={shape.d}
            fill={mapShade(scans, max)}
            stroke="var(--background)"
            strokeWidth={0.5}
            data-country={shape.key}
            data-scans={scans}
          >
            <title>{`${shape.key ? countryName(shape.key) : shape.name}: ${formatCount(scans)} scans`}</title>
          </path>
        );
      })}
    </svg>
  );
}
