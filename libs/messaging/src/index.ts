export * from './envelope';
export * from './redis';
export * from './bullmq-server';
export * from './bullmq-client';
export * from './messaging.module';
export * from './rpc-error.filter';
export * from './health.controller';
export * from './service-app';
