/**
 * The first media a room's player asks for, so the page can preload it from its head: for a
 * master playlist among the site's static files (the demo clip), its first listed rendition's
 * playlist and, when that rendition is on demand, its init segment and first segment. The player
 * starts on that rendition (the page names it in `data-start`), so its first picture needs no
 * request of its own. Live playlists (the ingest's) change every second and are left alone.
 * Static files do not change while the server runs: each master found is read once.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The rendition the player starts on and the files to preload for it, playlist first. */
export interface FirstMedia {
  /** Path of the rendition's media playlist, as the player's engine resolves it. */
  variant: string;
  /** Paths to preload: the media playlist, then its init segment and first segment if any. */
  preloads: string[];
}

const cache = new Map<string, FirstMedia>();

/** Lines of a playlist, trimmed, without blanks. */
function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** `uri` resolved against the playlist at `base` (a path), as a path; null when off-site. */
function resolve(uri: string, base: string): string | null {
  const url = new URL(uri, new URL(base, 'http://site.invalid'));
  return url.origin === 'http://site.invalid' ? url.pathname + url.search : null;
}

/**
 * What to preload for the master playlist at `masterPath` (a site path such as
 * `/media/demo/master.m3u8`), its files read with `read`: null when it is not a master playlist
 * or cannot be read.
 */
export function parseFirstMedia(
  masterPath: string,
  read: (p: string) => string,
): FirstMedia | null {
  if (!/^\/[^?#]*\.m3u8$/.test(masterPath)) return null;
  let master: string[];
  try {
    master = lines(read(masterPath));
  } catch {
    return null;
  }
  const inf = master.findIndex((l) => l.startsWith('#EXT-X-STREAM-INF:'));
  const uri = inf === -1 ? undefined : master.slice(inf + 1).find((l) => !l.startsWith('#'));
  const variant = uri ? resolve(uri, masterPath) : null;
  if (!variant) return null;
  const preloads = [variant];
  let media: string[];
  try {
    media = lines(read(variant.split('?')[0]!));
  } catch {
    return { variant, preloads };
  }
  // Only an on-demand rendition keeps its first segment; a live one moves on.
  const onDemand = media.includes('#EXT-X-ENDLIST') || media.includes('#EXT-X-PLAYLIST-TYPE:VOD');
  if (!onDemand) return { variant, preloads };
  const map = media.find((l) => l.startsWith('#EXT-X-MAP:'));
  const init = map ? /URI="([^"]+)"/.exec(map)?.[1] : undefined;
  const first = media.find((l) => !l.startsWith('#'));
  for (const file of [init, first]) {
    const resolved = file ? resolve(file, variant) : null;
    if (resolved) preloads.push(resolved);
  }
  return { variant, preloads };
}

/** {@link parseFirstMedia} over the build's static files (dist/client), read once per master. */
export function staticFirstMedia(
  masterPath: string,
  dir = path.resolve('dist', 'client'),
): FirstMedia | null {
  const key = `${dir}\n${masterPath}`;
  const known = cache.get(key);
  if (known) return known;
  const root = path.resolve(dir);
  const found = parseFirstMedia(masterPath, (p) => {
    const file = path.resolve(root, `.${decodeURIComponent(p)}`);
    if (!file.startsWith(root + path.sep)) throw new Error('outside the static folder');
    return readFileSync(file, 'utf8');
  });
  if (found) cache.set(key, found);
  return found;
}
