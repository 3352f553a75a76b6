export * from './test-database';
export * from './test-config';
export * from './http-client';
export * from './smtp-sink';
export * from './stripe/fake-stripe-server';
export * from './zip';
export * from './qr-decoders';
export * from './pdf-text';
