import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // One migrated PGlite for the run, which each suite's database starts from.
    globalSetup: ['tests/integration/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'] },
      },
      // Server-rendered pages through Astro's container API (needs Astro's Vite setup).
      'vitest.pages.config.ts',
    ],
  },
});
