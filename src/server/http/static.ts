/**
 * Static files from dist/client (hashed assets and public/) through sirv, with the cache
 * rules and the media types sirv's table lacks: HLS playlists and fMP4 segments.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import sirv from 'sirv';

/** Media types by extension that the server sets itself (sirv's table has no `.m3u8`). */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
};

/** The media type for a path when it is a streaming file, else undefined. */
export function mediaType(pathname: string): string | undefined {
  const dot = pathname.lastIndexOf('.');
  return dot === -1 ? undefined : MEDIA_TYPES[pathname.slice(dot).toLowerCase()];
}

/** Cache-Control for a static path: hashed assets forever, playlists revalidated, others an hour. */
export function cacheControl(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // A live playlist changes every segment; the ETag keeps revalidation cheap.
  if (pathname.endsWith('.m3u8')) return 'no-cache';
  return 'public, max-age=3600';
}

/** A Connect-style handler serving `dir`, calling `next` for paths it does not have. */
export type StaticHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Serves the files under `dir` with precompressed variants, ETags and the rules above. */
export function createStatic(dir: string): StaticHandler {
  return sirv(dir, {
    etag: true,
    gzip: true,
    brotli: true,
    setHeaders(res, pathname) {
      res.setHeader('cache-control', cacheControl(pathname));
      const type = mediaType(pathname);
      if (type) res.setHeader('content-type', type);
    },
  });
}
