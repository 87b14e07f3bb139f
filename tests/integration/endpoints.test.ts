/**
 * The endpoint descriptors of every feature (`src/lib/<feature>/api.ts`) against the server: each
 * names a method and path the API app routes, so a store that sends a descriptor reaches a
 * handler. The spec's paths stay as the spec spells them; a renamed or dropped route fails here.
 * The server's routes register these calls through the descriptors (`routeOf` of
 * `src/server/http/endpoint-routes.ts`): no route module spells a descriptor's path again, and a
 * descriptor registered under another module's mount stops the app from being built.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEndpoint, type AnyEndpoint } from '../../src/lib/api/endpoint.ts';
import { followsApi } from '../../src/lib/follows/api.ts';
import { liveApi } from '../../src/lib/live/api.ts';
import { createApi } from '../../src/server/app.ts';
import { FOLLOW_MOUNT } from '../../src/server/follows/routes.ts';
import { routeOf } from '../../src/server/http/endpoint-routes.ts';
import type { ApiEnv } from '../../src/server/http/api-env.ts';
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

/** The server's source files, tests left out. */
function serverSources(dir = path.resolve('src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Paths a source registers as string literals: `.get('/x'`, `.post('/x'`, `.on(methods, '/x'`. */
function spelledRoutes(text: string): string[] {
  const found = text.matchAll(
    /\.(?:get|post|all)\(\s*'(\/[^']*)'|\.on\(\s*(?:\[[^\]]*\]|'[A-Z]+'|\w+),\s*'(\/[^']*)'/g,
  );
  return [...found].map((m) => m[1] ?? m[2] ?? '');
}

/** The mount prefixes a route module declares (`export const X_MOUNT = '/api/...'`). */
function mountsOf(text: string): string[] {
  return [...text.matchAll(/export const \w+_MOUNT = '([^']+)'/g)].map((m) => m[1] ?? '');
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

  it('are what the route modules register: no module spells a descriptor’s path', () => {
    const paths = new Set<string>(all.map(({ endpoint }) => endpoint.path));
    const sources = serverSources().map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    const everyMount = [...new Set(sources.flatMap(({ text }) => mountsOf(text)))];
    expect(everyMount.length).toBeGreaterThan(20);
    const spelled = sources.flatMap(({ file, text }) => {
      const mounts = mountsOf(text);
      return spelledRoutes(text)
        .flatMap((route) => (mounts.length ? mounts : everyMount).map((m) => m + route))
        .filter((full) => paths.has(full))
        .map((full) => `${path.relative(path.resolve('src'), file)}: ${full}`);
    });
    expect(spelled).toEqual([]);
  });

  it('refuse to be registered under another mount, or without their own method', () => {
    // The live rooms call is under /api/live: a module mounted at /api/anchor cannot serve it.
    expect(() =>
      new Hono<ApiEnv>().on(...routeOf(FOLLOW_MOUNT, liveApi.rooms), (c) => c.text('never')),
    ).toThrow('GET /api/live/rooms is not under the mount /api/anchor');
    // The follow state is a GET: a POST-only registration of it is refused.
    expect(() =>
      new Hono<ApiEnv>().on(...routeOf(FOLLOW_MOUNT, followsApi.state, ['POST']), (c) =>
        c.text('never'),
      ),
    ).toThrow('GET /api/anchor/followState is registered for POST only');
    // Registered through its descriptor, a call has its own method and nothing else.
    const registered = new Hono<ApiEnv>()
      .on(...routeOf(FOLLOW_MOUNT, followsApi.state), (c) => c.text('state'))
      .routes.map((r) => `${r.method} ${r.path}`);
    expect(registered).toEqual(['GET /followState']);
  });

  it('a descriptor with a path the server does not route is caught', () => {
    const unknown = { method: 'get', path: '/api/game/no-such-call' };
    expect(isEndpoint(unknown)).toBe(true);
    expect(routes.some((r) => r.method === 'get' && r.pattern.test(unknown.path))).toBe(false);
  });
});
