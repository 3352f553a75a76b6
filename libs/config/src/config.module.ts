import { DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig } from './config';

export const APP_CONFIG = Symbol('APP_CONFIG');
export const LOGGER = Symbol('LOGGER');

/** Makes the process's validated configuration and its logger injectable. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig, logger: Logger): DynamicModule {
    return {
      module: ConfigModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [APP_CONFIG, LOGGER],
    };
  }
}
