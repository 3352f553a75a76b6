import nx from '@nx/eslint-plugin';
import formatjs from 'eslint-plugin-formatjs';
import { webFeatures } from './tools/eslint/web-feature-boundaries.mjs';

/**
 * Who may import whom (project tags live in each project.json).
 * Scope: a service imports only shared libraries, never another app; the web app only the contracts.
 * Type: apps build on contracts, util and data libraries; libraries never reach up to an app;
 * `type:testing` (libs/testing) is for tests only, so product code never ships a test helper.
 */
const SCOPE_DEPS = {
  'scope:shared': ['scope:shared'],
  'scope:web': ['type:contracts'],
  'scope:gateway': ['scope:shared'],
  'scope:auth-service': ['scope:shared'],
  'scope:qr-service': ['scope:shared'],
  'scope:billing-service': ['scope:shared'],
  'scope:redirect-service': ['scope:shared'],
};
const TYPE_DEPS = {
  'type:app': ['type:contracts', 'type:util', 'type:data'],
  'type:data': ['type:contracts', 'type:util'],
  'type:util': ['type:contracts', 'type:util'],
  'type:contracts': ['type:contracts'],
  'type:testing': ['type:contracts', 'type:util', 'type:data', 'type:testing'],
  'type:e2e': ['*'],
};

/** In spec files every project may also use the test helpers. */
function moduleBoundaries({ inTests }) {
  const typeDeps = (tags) => (inTests && !tags.includes('*') ? [...tags, 'type:testing'] : tags);
  return [
    'error',
    {
      enforceBuildableLibDependency: true,
      allow: [],
      depConstraints: [
        ...Object.entries(SCOPE_DEPS).map(([sourceTag, tags]) => ({ sourceTag, onlyDependOnLibsWithTags: tags })),
        ...Object.entries(TYPE_DEPS).map(([sourceTag, tags]) => ({ sourceTag, onlyDependOnLibsWithTags: typeDeps(tags) })),
      ],
    },
  ];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/tmp', '**/test-output', '**/*.mjs', '**/*.js', 'apps/web/vite.config.ts'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ inTests: false }),
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ inTests: true }) },
  },
  {
    files: ['apps/web/src/features/**/*.ts', 'apps/web/src/features/**/*.tsx'],
    plugins: { 'web-features': webFeatures },
    rules: { 'web-features/public-api-only': 'error' },
  },
  {
    // Every word the web app shows comes from its catalogues (apps/web/src/i18n/README.md): no
    // literal text in JSX, nor in the props that carry text to a person.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'apps/web/src/testing/**'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        { props: { include: [['*', '{label,description,heading,hint,message,text,title,placeholder,emptyText,subtitle,caption,alt}']] } },
      ],
      'formatjs/enforce-default-message': ['error', 'literal'],
      'formatjs/enforce-placeholders': 'error',
      'formatjs/enforce-id': 'off',
      'formatjs/no-multiple-whitespaces': 'error',
      'formatjs/no-invalid-icu': 'error',
    },
  },
  {
    // Test suites start several services in one process on purpose.
    files: ['tests/**/*.ts', 'tools/**/*.ts', 'deploy/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
