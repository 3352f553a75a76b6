// Checks of the repository's own tooling (dependency rules): no database, no services.
module.exports = {
  ...require('../jest.preset.js'),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/deps/**/*.spec.ts'],
  globalSetup: undefined,
};
