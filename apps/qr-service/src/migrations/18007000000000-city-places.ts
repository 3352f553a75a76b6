import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each counted city is (docs/conversions.md, "Cities on the map"): its region and coordinates as the
 * IP database gave them for the first stored scan there, keyed as the rollups count cities (country
 * and name). A gazetteer, not scan data: no code, owner or visitor is in it. Cities counted before
 * have no row until they are scanned again; the map lists them without drawing them.
 */
export class CityPlaces18007000000000 implements MigrationInterface {
  name = 'CityPlaces18007000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE qr.city_places (
        country text NOT NULL,
        city text NOT NULL,
        region text,
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        PRIMARY KEY (country, city),
        CHECK ((lat IS NULL) = (lon IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE qr.city_places`);
  }
}
