export * from './postgres';
export * from './data-source';
export * from './database.module';
export * from './analytics-reads';
