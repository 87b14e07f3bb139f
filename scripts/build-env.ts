/**
 * The environment the site is built in. The build is always a release build, whatever
 * NODE_ENV says where it runs (docs/operations.md lists `development` as NODE_ENV's default,
 * so people set it): under NODE_ENV=development Vite makes a development bundle, React's development build
 * ships to every page and pages name modules by their source paths, which a built server does
 * not serve. The server's own mode is read from NODE_ENV at start and is not touched here.
 */

/** Variables a test runner (vitest) sets that would turn the build into a development one. */
const RUNNER_VARIABLES = new Set(['DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL', 'TEST']);

/** `source` without the runner's variables, with NODE_ENV=production and telemetry off. */
export function releaseBuildEnv(source: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(source).filter(
      ([key]) => !RUNNER_VARIABLES.has(key) && !key.startsWith('VITEST'),
    ),
  );
  return { ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
}
