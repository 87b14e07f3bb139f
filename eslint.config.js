// @ts-check
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'src/server/db/migrations/',
      'public/',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['src/lib/api/client.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'ky', message: 'Use src/lib/api/client.ts, the one HTTP client.' }] },
      ],
    },
  },
  {
    // Islands render stores and call store actions; stores (and the features' call modules) own
    // every call. After the block above, whose rule has another name, so neither resets the other.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/api/client*', '**/lib/api/sealed*'],
              message: 'Islands call store actions; the stores make the calls.',
            },
            {
              group: ['**/lib/*/api', '**/lib/*/api.ts'],
              allowTypeImports: true,
              message:
                'Islands call store actions; the stores make the calls (types may be imported).',
            },
          ],
        },
      ],
    },
  },
  {
    // Global type declarations cannot use top-level imports.
    files: ['**/*.d.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '**/*.test.ts', 'src/server/seed/cli.ts'],
    rules: { 'no-console': 'off' },
  },
  ...astro.configs.recommended,
);
