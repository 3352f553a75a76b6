// Shared Jest settings: SWC transpiles TypeScript with decorator metadata (NestJS needs it),
// and the @qrd/* path aliases resolve to the libraries' sources.
const path = require('node:path');

const root = __dirname;

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', decorators: true, tsx: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  // ES-module-only packages Jest must compile: otplib's crypto and base32 plugins (@noble, @scure),
  // react-intl and its FormatJS parts, Scalar's reference page, openapi-fetch, content-disposition and file-type with its readers (Node loads them with require; Jest does not).
  transformIgnorePatterns: ['/node_modules/(?!(react-intl|@formatjs|intl-messageformat|content-disposition|@noble|@scure|@otplib|otplib|@scalar|openapi-fetch|file-type|strtok3|token-types|@tokenizer|uint8array-extras|@borewit)/)'],
  moduleNameMapper: {
    '^@qrd/(config|contracts|database|geoip|messaging|observability|testing)$': path.join(root, 'libs/$1/src/index.ts'),
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  globalSetup: path.join(root, 'tools/jest/global-setup.ts'),
  testTimeout: 30000,
};
