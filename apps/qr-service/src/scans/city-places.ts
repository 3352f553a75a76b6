import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { plainArray, textArray } from './pg-arrays';

/** Where a city is, as the IP database placed the first address we saw there. */
export interface CityPlace {
  country: string;
  city: string;
  region: string | null;
  lat: number | null;
  lon: number | null;
}

/** Cities a process remembers (looked up, and known stored); emptied when full, refilled by the next scans. */
const MEMO_SIZE = 50_000;

const keyOf = (country: string, city: string) => `${country}|${city}`;

/**
 * The analytics count cities by country and name (scan-rollups.ts); the map needs to know where
 * they are. The enricher notes the region and coordinates its lookup found for each city, and the
 * batch that stores a scan of that city also stores them in qr.city_places, once per city: a city
 * is written the first time a stored scan names it (or when coordinates turn up for one stored
 * without), and never again. Only scans as stored count, so a visitor whose city the EU privacy
 * mode dropped adds nothing here. Two towns of one name in one country share the first one's row,
 * as they share their count.
 */
@Injectable()
export class CityPlaces {
  /** Looked up by the enricher, by 'country|city', waiting for a stored scan to name them. */
  private readonly noted = new Map<string, CityPlace>();
  /** Stored, by 'country|city': true with coordinates, false without. */
  private readonly stored = new Map<string, boolean>();

  /** Called for each enriched scan with a city: a map lookup once the city is known. */
  note(country: string | null, city: string | null, region: string | null, lat: number | null, lon: number | null): void {
    if (!country || !city) return;
    const key = keyOf(country, city);
    if (!this.worthStoring(key, lat) || this.noted.has(key)) return;
    if (this.noted.size >= MEMO_SIZE) this.noted.clear();
    this.noted.set(key, { country, city, region, lat, lon });
  }

  /** A city not stored yet, or stored without coordinates and now found with them. */
  private worthStoring(key: string, lat: number | null): boolean {
    const stored = this.stored.get(key);
    return stored === undefined || (stored === false && lat !== null);
  }

  /** The places of these stored scans' cities that are not stored yet (or lack coordinates). */
  unknown(scans: readonly { country: string | null; city: string | null }[]): CityPlace[] {
    const found = new Map<string, CityPlace>();
    for (const scan of scans) {
      if (!scan.country || !scan.city) continue;
      const key = keyOf(scan.country, scan.city);
      const place = this.noted.get(key);
      if (place && !found.has(key) && this.worthStoring(key, place.lat)) found.set(key, place);
    }
    // In key order: two batches writing the same new cities wait on each other rather than deadlock.
    return [...found.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, place]) => place);
  }

  /** Inside the batch's transaction: new cities are added, and coordinates given to a city stored without. */
  async store(tx: EntityManager, places: CityPlace[]): Promise<void> {
    if (places.length === 0) return;
    await tx.query(
      `INSERT INTO qr.city_places AS p (country, city, region, lat, lon)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[])
       ON CONFLICT (country, city) DO UPDATE SET lat = EXCLUDED.lat, lon = EXCLUDED.lon, region = coalesce(p.region, EXCLUDED.region)
       WHERE p.lat IS NULL AND EXCLUDED.lat IS NOT NULL`,
      [
        textArray(places.map((p) => p.country)),
        textArray(places.map((p) => p.city)),
        textArray(places.map((p) => p.region)),
        plainArray(places.map((p) => p.lat)),
        plainArray(places.map((p) => p.lon)),
      ],
    );
  }

  /** After the batch committed: these cities need not be written again. */
  remember(places: CityPlace[]): void {
    if (places.length === 0) return;
    if (this.stored.size + places.length > MEMO_SIZE) this.stored.clear();
    for (const place of places) {
      const key = keyOf(place.country, place.city);
      this.stored.set(key, place.lat !== null);
      this.noted.delete(key);
    }
  }
}
