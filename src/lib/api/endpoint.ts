/**
 * Endpoint descriptors: each call of the API as the browser and the server both know it. A
 * descriptor holds the method and the path exactly as the spec spells them, and carries as types
 * what the call takes and what its envelope's `data` holds. Features declare theirs in
 * `src/lib/<feature>/api.ts` (plain data, importable anywhere); stores send them with `send()`
 * from `lib/api/client.ts`; tests/integration/endpoints.test.ts checks that the server routes
 * every one of them.
 */

/** The two methods the API uses. */
export type ApiMethod = 'get' | 'post';
/** A path of the API: under /api, or /webapi for the spec's few web-only calls. */
export type ApiPath = `/api/${string}` | `/webapi/${string}`;
/** The fields a call sends: the query of a GET, the JSON body of a POST. */
export type ApiParams = Record<string, unknown>;

declare const carried: unique symbol;

/** One call: method and path at run time, its parameters and answer as types only. */
export interface Endpoint<Params extends ApiParams | void, Data> {
  readonly method: ApiMethod;
  readonly path: ApiPath;
  /** Never set: keeps the types of the parameters and of the answer with the descriptor. */
  readonly [carried]?: { params: Params; data: Data };
}

/** Any descriptor, whatever it takes and answers. */
export type AnyEndpoint = Endpoint<ApiParams | void, unknown>;

/** A GET call answering `Data`, taking `Params` as its query (none when left out). */
export function get<Data, Params extends ApiParams | void = void>(
  path: ApiPath,
): Endpoint<Params, Data> {
  return Object.freeze({ method: 'get', path });
}

/** A POST call answering `Data`, taking `Params` as its JSON body (none when left out). */
export function post<Data, Params extends ApiParams | void = void>(
  path: ApiPath,
): Endpoint<Params, Data> {
  return Object.freeze({ method: 'post', path });
}

/** Whether a value is a descriptor (for the test that walks every feature's descriptors). */
export function isEndpoint(value: unknown): value is AnyEndpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { method, path } = value as { method?: unknown; path?: unknown };
  return (
    (method === 'get' || method === 'post') &&
    typeof path === 'string' &&
    /^\/(api|webapi)\//.test(path)
  );
}
