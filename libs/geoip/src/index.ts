export * from './geoip-lookup';
