/**
 * An in-process cache of rendered pages, the way a CDN would hold them: pages opt in with
 * `Cache-Control: s-maxage=N`; entries are keyed by locale, host, path and query (`pageKey`);
 * concurrent misses for one key share a single render. Pages are the same for every visitor
 * (personal parts are drawn in the browser), so one copy per locale serves everyone. The server
 * answers fresh entries itself (`cached-pages.ts`); the middleware renders and stores the rest.
 */

import { appleNativeHls } from '../../lib/player/engine.ts';
import {
  compressBody,
  encodeResponse,
  type PageEncoding,
  varyOnEncoding,
  worthCompressing,
} from './encoding.ts';

const CACHE = Symbol.for('arena.page-cache');

/** A rendered page as the cache holds it. */
export interface CachedPage {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  expires: number;
  /** Whether the body is sent compressed to browsers that accept it (encoding.ts). */
  compressible?: boolean;
  /** The body compressed, per encoding, made on the first request that asks for it. */
  encoded?: Partial<Record<PageEncoding, Uint8Array<ArrayBuffer>>>;
}

const MAX_ENTRIES = 500;

/**
 * One cache per process, kept on the global object: the built pages (whose middleware fills it)
 * and the server's own code (which drops it when what pages show has changed) each load their
 * own copy of this module.
 */
interface Cache {
  entries: Map<string, CachedPage>;
  inflight: Map<string, Promise<CachedPage | null>>;
}
const shared = globalThis as typeof globalThis & { [CACHE]?: Cache };
const cache: Cache = (shared[CACHE] ??= { entries: new Map(), inflight: new Map() });
const { entries, inflight } = cache;

/** Pages that differ by the browser's HLS engine: the live room preloads hls.js only where it runs. */
const ENGINE_VARIED_PREFIX = '/liveMatchesTwo/';

/**
 * The key of a page: the visitor's locale and the page's host, path and query, and for the live
 * room whether the browser plays HLS itself (by its user agent).
 */
export function pageKey(locale: string, url: URL, userAgent: string | null): string {
  const key = `${locale} ${url.host}${url.pathname}${url.search}`;
  if (!url.pathname.startsWith(ENGINE_VARIED_PREFIX)) return key;
  return `${key} ${appleNativeHls(userAgent) ? 'native' : 'mse'}`;
}

/**
 * The entry for `key` while it is fresh, without rendering anything. The built site's copy of
 * this module stores the entries: one built from other sources may hold another shape, which is
 * then not served from here.
 */
export function freshPage(key: string, now = Date.now()): Readonly<CachedPage> | undefined {
  const entry = entries.get(key);
  if (!entry || !(entry.expires > now)) return undefined;
  const { body, status, headers } = entry as Partial<CachedPage>;
  return body instanceof ArrayBuffer && typeof status === 'number' && Array.isArray(headers)
    ? entry
    : undefined;
}

/** Seconds of s-maxage in a Cache-Control value, or 0. */
export function sharedMaxAge(cacheControl: string | null): number {
  if (!cacheControl || /private|no-store/.test(cacheControl)) return 0;
  const m = /s-maxage=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : 0;
}

/**
 * The body of `entry` to send to a browser accepting `encoding`, and the encoding it is in: the
 * stored copy compressed once and kept, or the body as rendered (too small, not text, or no
 * encoding accepted).
 */
export function entryBody(
  entry: CachedPage,
  encoding: PageEncoding | null,
): { body: Uint8Array<ArrayBuffer>; encoding: PageEncoding | null } {
  if (!encoding || entry.compressible !== true) {
    return { body: new Uint8Array(entry.body), encoding: null };
  }
  const encoded = (entry.encoded ??= {});
  const body = (encoded[encoding] ??= compressBody(new Uint8Array(entry.body), encoding));
  return { body, encoding };
}

function toResponse(entry: CachedPage, hit: boolean, accepted: PageEncoding | null): Response {
  const headers = new Headers(entry.headers);
  const { body, encoding } = entryBody(entry, accepted);
  headers.set('x-page-cache', hit ? 'hit' : 'miss');
  if (encoding) headers.set('content-encoding', encoding);
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: entry.status, headers });
}

/**
 * Serves `key` from the cache, or renders it once with `render` and keeps it when allowed; the
 * body goes compressed when the browser accepts `encoding` and the page is worth it, whether it is
 * kept (compressed once, then reused) or not (compressed on its way out).
 */
export async function cachedPage(
  key: string,
  render: () => Promise<Response>,
  now = Date.now(),
  encoding: PageEncoding | null = null,
): Promise<Response> {
  const fresh = freshPage(key, now);
  if (fresh) return toResponse(fresh, true, encoding);
  const pending = inflight.get(key);
  if (pending) {
    const entry = await pending;
    if (entry) return toResponse(entry, true, encoding);
  }
  let passThrough: Response | undefined;
  const job = (async (): Promise<CachedPage | null> => {
    const response = await render();
    const ttl = sharedMaxAge(response.headers.get('cache-control'));
    if (response.status !== 200 || ttl === 0 || response.headers.has('set-cookie')) {
      passThrough = response;
      return null;
    }
    const body = await response.arrayBuffer();
    const headers = new Headers(response.headers);
    const compressible = worthCompressing(headers, body.byteLength);
    if (compressible) headers.set('vary', varyOnEncoding(headers.get('vary')));
    const entry: CachedPage = {
      body,
      status: response.status,
      headers: [...headers.entries()],
      expires: Date.now() + ttl * 1000,
      compressible,
    };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
    return entry;
  })();
  inflight.set(key, job);
  try {
    const entry = await job;
    return entry
      ? toResponse(entry, false, encoding)
      : await encodeResponse(passThrough as Response, encoding);
  } finally {
    inflight.delete(key);
  }
}

/** Drops every cached page (tests, or after an editor publishes). */
export function clearPageCache(): void {
  entries.clear();
}
