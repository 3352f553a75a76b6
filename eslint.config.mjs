import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/tmp', '**/test-output', '**/*.mjs', '**/*.js', 'apps/web/vite.config.ts'],
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // A service imports only shared libraries (never another app); the web app only the contracts.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'scope:gateway', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:auth-service', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:qr-service', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:billing-service', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'scope:redirect-service', onlyDependOnLibsWithTags: ['scope:shared'] },
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
          ],
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Test suites start several services in one process on purpose.
    files: ['tests/**/*.ts', 'tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
