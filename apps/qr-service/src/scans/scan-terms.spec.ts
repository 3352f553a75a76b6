import pg from 'pg';
import { visitorDecodeSql, visitorEncodeSql, visitorHalves } from './scan-terms';

describe('a raw scan\'s visitor', () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  const hashes = ['Zz9-_aB0cD1eF2gH3iJ4kL', '__________AAAAAAAAAAAA', 'AAAAAAAAAA', 'd41d8cd98f00b204e9800998ecf8427e'];

  it('is the same number whether the ingestor or SQL reads the hash, and reads back as its first 10 characters', async () => {
    for (const hash of hashes) {
      const [high, low] = visitorHalves(hash);
      const { rows } = await db.query(
        `SELECT (${visitorEncodeSql('$1::text')})::text AS sql, (($2::bigint << 30) | $3::bigint)::text AS js,
                ${visitorDecodeSql(`(${visitorEncodeSql('$1::text')})`)} AS text`,
        [hash, high, low],
      );
      expect(rows[0].js).toBe(rows[0].sql);
      expect(rows[0].text).toBe(hash.slice(0, 10));
    }
  });
});
