import { OnApplicationShutdown } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, PoolOptions, ServiceDatabase } from './data-source';

/** A connection of its own, for a query read over several round trips (a cursor). */
export interface ReadConnection {
  client: PoolClient;
  release(): void;
}

/**
 * Where reads that may lag a moment go: analytics and exports (docs/scaling.md "PostgreSQL"). With
 * ANALYTICS_DATABASE_URL, a streaming replica's server, so that they take nothing from the primary;
 * without it, the service's own database. Never for what a screen must show just after a change
 * (a code's page, a list after a create): those read the primary through the service's DataSource.
 */
export class AnalyticsReads implements OnApplicationShutdown {
  private constructor(
    private readonly source: DataSource,
    /** Opened for the replica here, so closed here too. */
    private readonly owned: boolean,
  ) {}

  static primary(source: DataSource): AnalyticsReads {
    return new AnalyticsReads(source, false);
  }

  static async replica(url: string, db: ServiceDatabase, pool: PoolOptions): Promise<AnalyticsReads> {
    // No entities and no migrations: the replica follows the primary's schema and refuses writes.
    const source = new DataSource({ ...dataSourceOptions(url, db, pool), entities: [], migrations: [] });
    await source.initialize();
    return new AnalyticsReads(source, true);
  }

  /** Whether reads go to a replica (for logs and metrics). */
  get fromReplica(): boolean {
    return this.owned;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<T = any>(sql: string, params?: unknown[]): Promise<T> {
    return this.source.query(sql, params);
  }

  async connect(): Promise<ReadConnection> {
    const runner = this.source.createQueryRunner();
    const client = (await runner.connect()) as PoolClient;
    return { client, release: () => void runner.release() };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.owned && this.source.isInitialized) await this.source.destroy();
  }
}
