/**
 * Page tests: render Astro pages in process with the container API against a test database,
 * before any build exists. Astro's Vite setup compiles the .astro files.
 */
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    name: 'pages',
    include: ['tests/pages/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
