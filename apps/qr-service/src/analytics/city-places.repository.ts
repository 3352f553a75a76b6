import { Injectable } from '@nestjs/common';
import { AnalyticsReads } from '@qrd/database';
import type { CountItem } from '@qrd/contracts';

/**
 * Where the counted cities are (qr.city_places, filled at ingest by scans/city-places.ts): their
 * region and coordinates joined into a cities breakdown. A city the table does not know, or knows
 * without coordinates, keeps what it had: the map lists it and draws nothing.
 */
@Injectable()
export class CityPlacesRepository {
  constructor(private readonly db: AnalyticsReads) {}

  async locate(cities: CountItem[]): Promise<CountItem[]> {
    if (cities.length === 0) return cities;
    const rows: { country: string; city: string; region: string | null; lat: number | null; lon: number | null }[] = await this.db.query(
      `SELECT p.country, p.city, p.region, p.lat, p.lon
       FROM qr.city_places p JOIN unnest($1::text[], $2::text[]) AS w(country, city) USING (country, city)`,
      [cities.map((c) => c.country ?? ''), cities.map((c) => c.key)],
    );
    const byKey = new Map(rows.map((row) => [`${row.country}|${row.city}`, row]));
    return cities.map((item) => {
      const place = byKey.get(`${item.country ?? ''}|${item.key}`);
      if (!place) return item;
      return {
        ...item,
        ...(place.region !== null && { region: place.region }),
        ...(place.lat !== null && place.lon !== null && { lat: place.lat, lon: place.lon }),
      };
    });
  }
}
