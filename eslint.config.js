import tseslint from 'typescript-eslint';
import house from './scripts/eslint/index.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'public/build/', 'data/', 'coverage/', 'test-artifacts/', '.ci-tmp/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // The room plan: areas meet only through their index.ts, shared code imports no area, SQL lives in *.repo.ts,
    // users' files go through ctx.media (docs/architecture.md).
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    plugins: { house },
    rules: { 'house/area-boundaries': 'error', 'house/sql-in-repos': 'error', 'house/media-through-store': 'error' },
  },
  {
    files: ['src/cli.ts', 'bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Migrations and tests may use kysely's untyped builder and loose helpers.
    files: ['migrations/**', '**/*.test.ts', 'test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
