import { DynamicModule, Injectable, Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { registerPoolMetrics, ServiceMetrics } from '@qrd/observability';
import { AnalyticsReads } from './analytics-reads';
import { dataSourceOptions, openDatabase, PoolOptions, ServiceDatabase } from './data-source';

function pool(config: AppConfig): PoolOptions {
  return { size: config.database.poolSize, waitMs: config.database.poolWaitMs };
}

/** The pool's gauges in the service's metrics, and PostgreSQL among its readiness checks. */
@Injectable()
class DatabaseObservability implements OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly metrics: ServiceMetrics,
  ) {}

  onModuleInit(): void {
    registerPoolMetrics(this.metrics, this.dataSource);
    this.metrics.addReadinessCheck('postgres', async () => {
      await this.dataSource.query('SELECT 1');
    });
  }
}

/** The service's TypeORM connection on its own schema, migrated before anything uses it. */
@Module({})
export class DatabaseModule {
  static forService(db: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      // AnalyticsReads, like TypeORM's DataSource, wherever a repository asks for it.
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => dataSourceOptions(config.databaseUrl, db, pool(config)),
          dataSourceFactory: async (options) => {
            const { url, extra } = options as { url: string; extra: { max: number; connectionTimeoutMillis: number } };
            return openDatabase(url, db, { size: extra.max, waitMs: extra.connectionTimeoutMillis });
          },
        }),
      ],
      providers: [
        DatabaseObservability,
        {
          provide: AnalyticsReads,
          inject: [APP_CONFIG, DataSource],
          useFactory: (config: AppConfig, source: DataSource) =>
            config.analyticsDatabaseUrl ? AnalyticsReads.replica(config.analyticsDatabaseUrl, db, pool(config)) : AnalyticsReads.primary(source),
        },
      ],
      exports: [TypeOrmModule, AnalyticsReads],
    };
  }
}
