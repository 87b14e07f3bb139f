/**
 * Compressed pages: the HTML of a page is sent brotli- or gzip-encoded to a browser that accepts
 * it. Pages are the same for every visitor and carry no secret (personal parts are drawn in the
 * browser), so compressing them gives nothing away; API answers, which do carry tokens beside what
 * the caller sent, are left as they are. A cached page is compressed once per encoding and kept.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings pages are sent in, best first. */
export type PageEncoding = 'br' | 'gzip';

/** Bodies smaller than this go as they are: the header and framing would eat the gain. */
export const MIN_COMPRESSED_BYTES = 1024;

/** Types of page bodies worth compressing: markup and text, not images or media. */
const COMPRESSIBLE =
  /^(text\/|application\/(xml|xhtml\+xml|rss\+xml|atom\+xml|json|manifest\+json)\b)/i;

/**
 * The encoding to send for an Accept-Encoding header: brotli, else gzip, each only when listed
 * (by name or `*`) with a weight above zero; null for none.
 */
export function preferredEncoding(acceptEncoding: string | null | undefined): PageEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (name: PageEncoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** True when a body of this type and size, with these headers, should be compressed. */
export function worthCompressing(headers: Headers, size: number): boolean {
  if (size < MIN_COMPRESSED_BYTES) return false;
  if (headers.has('content-encoding')) return false;
  if (/no-transform/i.test(headers.get('cache-control') ?? '')) return false;
  return COMPRESSIBLE.test(headers.get('content-type') ?? '');
}

/**
 * `body` compressed. Brotli at quality 5 and gzip at level 6: a room page (about 48 KB) takes a
 * millisecond or two either way and shrinks to about a fifth.
 */
export function compressBody(body: Uint8Array, encoding: PageEncoding): Uint8Array<ArrayBuffer> {
  if (encoding === 'gzip') return gzipSync(body, { level: 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/** `vary` with Accept-Encoding added once. */
export function varyOnEncoding(vary: string | null): string {
  if (!vary) return 'Accept-Encoding';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * `response` sent in `encoding` when it is worth it: the body read whole (pages are rendered in
 * milliseconds, so nothing is held back that a browser could use sooner) and compressed, with its
 * length, encoding and Vary set. Otherwise `response` as it is, Vary still naming the encoding
 * when the type could have been compressed (a cache must not hand a plain copy on as the answer
 * to every browser, or the other way round).
 */
export async function encodeResponse(
  response: Response,
  encoding: PageEncoding | null,
): Promise<Response> {
  if (!response.body || !COMPRESSIBLE.test(response.headers.get('content-type') ?? '')) {
    return response;
  }
  if (response.headers.has('content-encoding')) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('vary', varyOnEncoding(headers.get('vary')));
  let sent = body;
  if (encoding && worthCompressing(headers, body.byteLength)) {
    sent = compressBody(body, encoding);
    headers.set('content-encoding', encoding);
  }
  headers.set('content-length', String(sent.byteLength));
  return new Response(sent, { status: response.status, statusText: response.statusText, headers });
}
