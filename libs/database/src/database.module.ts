import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@qrd/config';
import { dataSourceOptions, openDatabase, ServiceDatabase } from './data-source';

/** The service's TypeORM connection on its own schema, migrated before anything uses it. */
@Module({})
export class DatabaseModule {
  static forService(db: ServiceDatabase): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [APP_CONFIG],
          useFactory: (config: AppConfig) => dataSourceOptions(config.databaseUrl, db),
          dataSourceFactory: async (options) => openDatabase((options as { url: string }).url, db),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
