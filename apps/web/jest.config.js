module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'web',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
};
