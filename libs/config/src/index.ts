export * from './config';
export * from './config-readers';
export * from './reader';
export * from './config.module';
export * from './context';
export * from './logger';
export type { InvoicingConfig } from './invoicing-config';
export * from './sealed-box';
