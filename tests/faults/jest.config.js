// The fault suite: the whole system as `npm start` runs it, on a PostgreSQL and a Redis of its own
// that it stops, kills and flushes while load runs. Not part of `npm test`: `npm run test:faults`.
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'faults',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.fault.ts'],
  globalSetup: undefined,
  testTimeout: 300000,
};
