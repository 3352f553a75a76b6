import { DataSource, DataSourceOptions, EntitySchema, MixedList } from 'typeorm';

export interface ServiceDatabase {
  /** The PostgreSQL schema this service owns; no other service touches it. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
}

export interface PoolOptions {
  /** Connections in the pool. */
  size: number;
  /** How long a query waits for a free connection before it fails. */
  waitMs: number;
}

const DEFAULT_POOL: PoolOptions = { size: 10, waitMs: 10_000 };

export function dataSourceOptions(url: string, db: ServiceDatabase, pool: PoolOptions = DEFAULT_POOL): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    schema: db.schema,
    entities: db.entities,
    migrations: db.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    extra: {
      max: pool.size,
      connectionTimeoutMillis: pool.waitMs,
      application_name: `qrd-${db.schema}`,
      // Queries here are short; JIT compiling one whose plan merely looks costly (a lateral join
      // over a generated series of days, a breakdown over JSON documents) took up to a second.
      options: '-c jit=off',
    },
  };
}

/**
 * Opens the data source and applies pending migrations. The schema is created first because
 * TypeORM keeps its migrations table inside it.
 *
 * One migrator at a time per schema, so replicas starting together do not race: the lock is a
 * transaction's (`pg_advisory_xact_lock`), held by a transaction kept open on a connection of its
 * own while the migrations run on others. A session's lock would not do behind a pooler in
 * transaction mode such as PgBouncer (docs/scaling.md): the unlock could reach another server
 * connection than the lock, and the lock would stay held there. If this process dies, the
 * transaction ends and the lock with it.
 */
export async function openDatabase(url: string, db: ServiceDatabase, pool: PoolOptions = DEFAULT_POOL): Promise<DataSource> {
  const dataSource = new DataSource(dataSourceOptions(url, db, pool));
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.startTransaction();
    try {
      await lock.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrate:${db.schema}`]);
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${db.schema}"`);
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await lock.commitTransaction();
    }
  } catch (error) {
    await lock.release();
    await dataSource.destroy();
    throw error;
  }
  await lock.release();
  return dataSource;
}
