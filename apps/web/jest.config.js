// Two projects: logic tests (*.spec.ts) in Node, component tests (*.spec.tsx) in jsdom with
// Testing Library. The preset's global setup (a migrated PostgreSQL template) is left out: no
// web test touches a database.
const { globalSetup: _databaseSetup, ...preset } = require('../../jest.preset.js');

module.exports = {
  // Rendering in jsdom is slow on a busy machine: a component test waits for what a user would.
  // (A global option: Jest ignores it inside a project.)
  testTimeout: 20_000,
  projects: [
    {
      ...preset,
      displayName: 'web',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
    },
    {
      ...preset,
      displayName: 'web-dom',
      rootDir: __dirname,
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/src/**/*.spec.tsx'],
      setupFilesAfterEnv: ['<rootDir>/src/testing/setup-dom.ts'],
      // d3's packages are ES modules only: their UMD builds, which Jest loads as they are, for the map.
      moduleNameMapper: {
        ...preset.moduleNameMapper,
        // The catalogues' loader uses Vite's import.meta.glob: the tests read the same files from disk.
        '(^|/)i18n/catalogues$|^\\./catalogues$': '<rootDir>/src/testing/catalogues.node.ts',
        '^(d3-geo|d3-array)$': '<rootDir>/../../node_modules/$1/dist/$1.min.js',
      },
    },
  ],
};
