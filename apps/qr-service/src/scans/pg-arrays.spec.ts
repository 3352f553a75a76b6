import pg from 'pg';
import { boolArray, plainArray, textArray } from './pg-arrays';

describe('array literals', () => {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  const roundTrip = async (literal: string, type: string) => (await db.query(`SELECT $1::${type}[] AS v`, [literal])).rows[0].v;

  it('reads back every text as written, quotes, backslashes, commas, braces, NULL-like words and nulls included', async () => {
    const texts = ['plain', 'a "quoted" word', 'back\\slash', 'comma, and {braces}', 'NULL', '', ' spaced ', 'ünïcödé', null];
    expect(await roundTrip(textArray(texts), 'text')).toEqual(texts);
    expect(await roundTrip(textArray(['x', 'y']), 'text')).toEqual(['x', 'y']);
    expect(await roundTrip(textArray([]), 'text')).toEqual([]);
  });

  it('reads back uuids, numbers, timestamps and booleans, with nulls', async () => {
    const ids = ['019a2b3c-4d5e-7f60-8a1b-2c3d4e5f6a7b', null];
    expect(await roundTrip(plainArray(ids), 'uuid')).toEqual(ids);
    expect(await roundTrip(plainArray([1, -2, 0]), 'int')).toEqual([1, -2, 0]);
    const at = new Date('2026-03-10T12:00:00.123Z');
    expect(await roundTrip(plainArray([at.toISOString(), null]), 'timestamptz')).toEqual([at, null]);
    expect(await roundTrip(boolArray([true, false]), 'boolean')).toEqual([true, false]);
    expect(await roundTrip(plainArray([]), 'uuid')).toEqual([]);
  });
});
