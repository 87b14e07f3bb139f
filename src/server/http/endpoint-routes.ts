/**
 * Routes named by the endpoint descriptors the browser sends (`src/lib/<feature>/api.ts`), so
 * each call's method and path are written once. A route module is mounted under a prefix (its
 * `*_MOUNT` constant, which `app.ts` passes to `app.route`) and registers each call with
 * `routes.on(...routeOf(MOUNT, featureApi.call), ...handlers)`: the method comes from the
 * descriptor and the path is the descriptor's path below the mount. A descriptor that is not
 * under the mount, or a list of methods that leaves out the descriptor's own, throws while the
 * routes are built, that is when the process starts and in every test that builds the app.
 */
import type { AnyEndpoint } from '../../lib/api/endpoint.ts';

/** A prefix a route module is mounted under: `/api`, `/webapi` or a path below one of them. */
export type ApiMount = '/api' | '/webapi' | `/api/${string}` | `/webapi/${string}`;
/** A method as Hono registers it. */
export type RouteMethod = 'GET' | 'POST';

/**
 * The descriptor's path below `mount`: `/api/anchor` and `/api/anchor/followState` give
 * `/followState`. Throws when the descriptor is not under the mount.
 */
export function pathIn(mount: ApiMount, endpoint: AnyEndpoint): string {
  const { path } = endpoint;
  if (mount.endsWith('/') || !path.startsWith(`${mount}/`) || path.length === mount.length + 1) {
    throw new Error(
      `${describe(endpoint)} is not under the mount ${mount}: register it in the route module mounted at its prefix`,
    );
  }
  return path.slice(mount.length);
}

/**
 * The method and the path that register a descriptor's call in a module mounted at `mount`:
 * `routes.on(...routeOf(MOUNT, featureApi.call), handler)`.
 */
export function routeOf(
  mount: ApiMount,
  endpoint: AnyEndpoint,
): readonly [method: RouteMethod, path: string];
/**
 * The same for a call the spec also answers under other methods (the reads that take GET and POST
 * alike): `methods` must include the descriptor's own.
 */
export function routeOf(
  mount: ApiMount,
  endpoint: AnyEndpoint,
  methods: readonly RouteMethod[],
): readonly [methods: RouteMethod[], path: string];
export function routeOf(
  mount: ApiMount,
  endpoint: AnyEndpoint,
  methods?: readonly RouteMethod[],
): readonly [RouteMethod | RouteMethod[], string] {
  const own = methodOf(endpoint);
  const path = pathIn(mount, endpoint);
  if (!methods) return [own, path];
  if (!methods.includes(own)) {
    throw new Error(
      `${describe(endpoint)} is registered for ${methods.join(', ')} only: its own method must be one of them`,
    );
  }
  return [[...methods], path];
}

/** The descriptor's method as Hono spells it. */
function methodOf(endpoint: AnyEndpoint): RouteMethod {
  return endpoint.method === 'get' ? 'GET' : 'POST';
}

function describe(endpoint: AnyEndpoint): string {
  return `${methodOf(endpoint)} ${endpoint.path}`;
}
