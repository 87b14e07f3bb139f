/**
 * The endpoint descriptors of every feature (`src/lib/<feature>/api.ts`) against the server: each
 * names a method and path the API app routes, so a store that sends a descriptor reaches a
 * handler. The spec's paths stay as the spec spells them; a renamed or dropped route fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEndpoint, type AnyEndpoint } from '../../src/lib/api/endpoint.ts';
import { createApi } from '../../src/server/app.ts';
import { openTestRuntime, type TestRuntime } from './helpers.ts';

/** Every descriptor module of the features, loaded as the build loads them. */
const modules = import.meta.glob<Record<string, unknown>>('../../src/lib/*/api.ts', {
  eager: true,
});

/** The descriptors in a module's exports (directly, or one level down in an object of them). */
function descriptorsOf(exports: Record<string, unknown>): [name: string, AnyEndpoint][] {
  const found: [string, AnyEndpoint][] = [];
  for (const [name, value] of Object.entries(exports)) {
    if (isEndpoint(value)) found.push([name, value]);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (isEndpoint(inner)) found.push([`${name}.${key}`, inner]);
      }
    }
  }
  return found;
}

/** A Hono route path as a pattern: `:name` matches one segment. */
function routePattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

describe('endpoint descriptors', () => {
  let t: TestRuntime;
  let routes: { method: string; pattern: RegExp }[];
  beforeAll(async () => {
    t = await openTestRuntime('pglite');
    routes = createApi(t.rt)
      .routes.filter((r) => !r.path.includes('*'))
      .map((r) => ({ method: r.method.toLowerCase(), pattern: routePattern(r.path) }));
  });
  afterAll(async () => t?.dispose());

  const all = Object.entries(modules).flatMap(([file, exports]) =>
    descriptorsOf(exports).map(([name, endpoint]) => ({
      where: `${file.replace('../../src/', '')} ${name}`,
      endpoint,
    })),
  );

  it('are declared by the features, each call once', () => {
    expect(all.length).toBeGreaterThan(100);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const { where, endpoint } of all) {
      const call = `${endpoint.method} ${endpoint.path}`;
      const first = seen.get(call);
      if (first) twice.push(`${call}: ${first} and ${where}`);
      else seen.set(call, where);
    }
    expect(twice).toEqual([]);
  });

  it('each name a method and path the server routes', () => {
    const unrouted = all
      .filter(({ endpoint }) =>
        routes.every(
          (r) =>
            !(r.method === endpoint.method || r.method === 'all') || !r.pattern.test(endpoint.path),
        ),
      )
      .map(({ where, endpoint }) => `${where}: ${endpoint.method.toUpperCase()} ${endpoint.path}`);
    expect(unrouted).toEqual([]);
  });

  it('a descriptor with a path the server does not route is caught', () => {
    const unknown = { method: 'get', path: '/api/game/no-such-call' };
    expect(isEndpoint(unknown)).toBe(true);
    expect(routes.some((r) => r.method === 'get' && r.pattern.test(unknown.path))).toBe(false);
  });
});
