import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Servers the suites start as processes (the cluster's included) leave the demo match as
    // seeded; the demo match's own suite starts its player itself.
    env: { DEMO_MATCH_PACE_MS: '0' },
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
