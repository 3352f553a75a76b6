export * from './service-metrics';
export * from './collectors';
export * from './http-metrics';
export * from './observability.module';
