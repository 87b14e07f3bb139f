/**
 * Security headers of every answer (pages, API, files, HLS): no MIME sniffing, no framing by
 * other sites, no full URLs in the Referer to other sites. Pages carry their script and style
 * policy in a `<meta>` Astro writes with the hashes of its own inline code (astro.config.mjs);
 * what a `<meta>` cannot say (frame-ancestors) travels here, in a header for every answer.
 */
import type { ServerResponse } from 'node:http';

/** The header-only part of the Content-Security-Policy. */
export const HEADER_CSP =
  "frame-ancestors 'self'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** Sets the security headers on `res`. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('x-content-type-options', 'nosniff');
  res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
  res.setHeader('x-frame-options', 'SAMEORIGIN');
  res.setHeader('content-security-policy', HEADER_CSP);
}

/** A host name (underscores too, as container names have), IPv4 or bracketed IPv6, optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_](?:[a-z0-9_.-]{0,251}[a-z0-9_])?)(?::\d{1,5})?$/i;

/**
 * True when the Host header is absent (HTTP/1.0) or names a host and port, nothing else: a
 * value such as `127.0.0.1@evil.example` would make the page renderer's URL throw on every
 * request and fill the log with stack traces.
 */
export function hostIsValid(host: string | undefined): boolean {
  return host === undefined || HOST.test(host);
}

/** Directives of a page's policy that must also name the storage bucket's public origin. */
const STORAGE_DIRECTIVES = ['img-src', 'media-src', 'connect-src'];

/**
 * `policy` with `origins` added to the directives that load images, media and upload traffic:
 * with a bucket configured at run time, pictures redirected there and the browser's direct
 * uploads reach an origin the build could not know.
 */
export function widenPolicy(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy
    .split(';')
    .map((part) => {
      const words = part.trim().split(/\s+/);
      if (!STORAGE_DIRECTIVES.includes(words[0] ?? '')) return part;
      // A policy widened once (set, then handed to writeHead) is not widened again.
      const missing = origins.filter((o) => !words.includes(o));
      return missing.length ? `${part.trimEnd()} ${missing.join(' ')}` : part;
    })
    .join(';');
}

/** Makes `res` widen the page policy it is given, however the renderer sets it. */
export function widenPolicyOn(res: ServerResponse, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const widen = (value: unknown) =>
    typeof value === 'string' ? widenPolicy(value, origins) : value;
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    setHeader(
      name,
      name.toLowerCase() === 'content-security-policy' ? (widen(value) as string) : value,
    );
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r) => typeof r === 'object' && r !== null);
    if (headers && !Array.isArray(headers)) {
      const record = headers as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (key.toLowerCase() === 'content-security-policy') record[key] = widen(record[key]);
      }
    }
    return writeHead(status, ...rest);
  };
}
