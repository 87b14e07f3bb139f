/**
 * Lives pushed to our ingest: their source playlist `/hls/<id>.m3u8`, and the master playlist
 * `/hls/<id>/master.m3u8` of their quality ladder while a transcoder makes one. The player loads
 * the master when it exists, the source otherwise, and moves to the master once it appears. A
 * ticket live's URLs carry a pass in their query (`?pass=...`), kept on both. On a site with
 * several ingest machines both are under the live's ingest (`/ingest/<name>/hls/...`), kept too.
 */

const PREFIX = '((?:/ingest/[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?)?)';
const SOURCE = new RegExp(`^${PREFIX}/hls/(\\d{1,10})\\.m3u8(\\?[^#]*)?$`);
const MASTER = new RegExp(`^${PREFIX}/hls/(\\d{1,10})/master\\.m3u8(\\?[^#]*)?$`);

/** How often a player on a source looks for the ladder's master. */
export const LADDER_CHECK_MS = 5_000;

/** The source and master URLs of an ingest stream URL, or null for any other stream. */
export function ladderUrls(src: string): { source: string; master: string } | null {
  const match = SOURCE.exec(src) ?? MASTER.exec(src);
  if (!match) return null;
  const [, prefix = '', id, query = ''] = match;
  return {
    source: `${prefix}/hls/${id}.m3u8${query}`,
    master: `${prefix}/hls/${id}/master.m3u8${query}`,
  };
}

/** True when `src` is the source playlist of an ingest live (it may gain a ladder). */
export function isLadderSource(src: string): boolean {
  return SOURCE.test(src);
}

/** Whether a URL answers a HEAD request with 2xx. */
export async function exists(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * What to load for `src`: an ingest live's master while it exists, else its source; any other
 * stream as it is.
 */
export async function resolveLive(src: string, probe = exists): Promise<string> {
  const urls = ladderUrls(src);
  if (!urls) return src;
  return (await probe(urls.master)) ? urls.master : urls.source;
}
