import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { dataSourceOptions, openDatabase, PoolOptions, ServiceDatabase } from './data-source';

function pool(config: AppConfig): PoolOptions {
  return { size: config.database.poolSize, waitMs: config.database.poolWaitMs };
}

/** The service's TypeORM connection on its own schema, migrated before anything uses it. */
@Module({})
export class DatabaseModule {
  static forService(db: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
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
      exports: [TypeOrmModule],
    };
  }
}
