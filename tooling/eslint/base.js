import js from '@eslint/js'
import importX, { createNodeResolver } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Layers of the web app and the API: one zone per layer, never one per feature. */
const IMPORT_ZONES = [
  { target: './apps/web/app/features', from: './apps/web/app/routes', message: 'Features never import routes.' },
  {
    target: './apps/web/app/components',
    from: ['./apps/web/app/features', './apps/web/app/routes'],
    message: 'Shared components never import features or routes.',
  },
  {
    target: './apps/web/app/lib',
    from: ['./apps/web/app/features', './apps/web/app/routes', './apps/web/app/components'],
    message: 'lib/ is the bottom layer.',
  },
  { target: './apps/api/src/plugins', from: './apps/api/src/modules', message: 'Plugins never import modules.' },
  { target: './apps/api/src/adapters', from: './apps/api/src/modules', message: 'Adapters never import modules.' },
  { target: './packages', from: './apps', message: 'No package imports an app.' },
  {
    // The engine's public surface is what its package.json exports; nothing reaches past it.
    target: ['./apps', './scripts', './e2e', './packages/contracts', './packages/db'],
    from: './packages/engine/src',
    except: ['./engine.ts', './encoder/loudness.ts', './testing'],
    message: 'Import the engine through @storyreel/engine/engine (its exports), not its internals.',
  },
  {
    target: './packages/engine',
    from: ['./packages/db'],
    message: 'The engine knows nothing of the database: it takes plain options and writes files.',
  },
  {
    target: './apps/web',
    from: ['./apps/api', './packages/db'],
    message: 'The web app talks to the API over HTTP only.',
  },
  { target: './apps/api', from: './apps/web', message: 'The API never imports web code.' },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.previous-build/**',
      '**/.react-router/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: IMPORT_ZONES }],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from the app config module, which parses the environment once at start.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // The config modules and the scripts that start processes are where the environment is read.
    files: [
      'apps/api/src/server.ts',
      'apps/api/src/worker.ts',
      'apps/api/src/mcp-stdio.ts',
      'apps/api/src/config.ts',
      'apps/web/vite.config.ts',
      'apps/web/scripts/**',
      'packages/db/src/testing.ts',
      'packages/engine/src/cli.ts',
      'packages/engine/src/cli-config.ts',
      '**/*.test.ts',
      'scripts/**',
      'e2e/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // React Router's redirect() and data() are thrown on purpose: the router turns them into responses.
    files: ['apps/web/app/root.tsx', 'apps/web/app/lib/site-runtime.ts', 'apps/web/app/routes/**'],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },
  {
    // Test doubles stand in for async APIs without awaiting anything themselves.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
)
