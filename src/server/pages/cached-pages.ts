/**
 * Cached pages answered by the HTTP server itself: a GET for a page the page cache holds fresh
 * is written from memory before Astro's handler builds a web Request, matches the route and runs
 * the middleware for it, which cost several times the write. The key is the one the middleware
 * stores the page under: the locale from the `language` cookie, and the URL Astro's node adapter
 * builds from the Host header and the request's path. Anything else goes on to Astro. The body
 * goes compressed to a browser that accepts it (encoding.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCALE_STORAGE_KEY, toLocale } from '../../lib/i18n/locale.ts';
import { widenPolicy } from '../http/headers.ts';
import { preferredEncoding } from './encoding.ts';
import { entryBody, freshPage, pageKey } from './page-cache.ts';

/** `value` URI-decoded, or as it is when it is not valid encoding. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The first value of cookie `name` in a Cookie header, as the page renderer reads it: its cookie
 * parser decodes a value once (quotes kept) and Astro's `cookies.get` decodes it again.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    return decoded(decoded(part.slice(eq + 1).trim()));
  }
  return undefined;
}

/** The page URL Astro's node adapter makes of `req` (plain HTTP), or undefined when it would not. */
export function pageUrl(req: IncomingMessage): URL | undefined {
  const host = req.headers.host;
  if (!host) return undefined;
  const href = `http://${host}${req.url ?? ''}`;
  return URL.canParse(href) ? new URL(href) : undefined;
}

/**
 * Writes the cached page `req` asks for and returns true, or returns false having done nothing.
 * The page's policy names `storageOrigins` too, as the server widens it for Astro's answers.
 */
export function serveCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  storageOrigins: readonly string[] = [],
): boolean {
  if (req.method !== 'GET') return false;
  const url = pageUrl(req);
  if (!url) return false;
  const locale = toLocale(cookieValue(req.headers.cookie, LOCALE_STORAGE_KEY));
  const entry = freshPage(pageKey(locale, url, req.headers['user-agent'] ?? null));
  if (!entry) return false;
  const headers: Record<string, string> = Object.fromEntries(entry.headers);
  const policy = headers['content-security-policy'];
  if (policy) headers['content-security-policy'] = widenPolicy(policy, storageOrigins);
  const { body, encoding } = entryBody(entry, preferredEncoding(req.headers['accept-encoding']));
  if (encoding) headers['content-encoding'] = encoding;
  headers['x-page-cache'] = 'hit';
  headers['content-length'] = String(body.byteLength);
  res.writeHead(entry.status, headers);
  res.end(body);
  return true;
}
