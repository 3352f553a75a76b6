const path = require('node:path');
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: path.join(__dirname, 'src/support/global-setup.ts'),
  globalTeardown: path.join(__dirname, 'src/support/global-teardown.ts'),
  testTimeout: 120000,
};
