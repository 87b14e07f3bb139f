/**
 * Media on several machines. An ingest machine runs `npm run media` (nginx-rtmp, the quality
 * ladder, the WebRTC ingest) and beside it one app process started with INGEST_NAME=<name>. That
 * process answers its ingest's hooks on loopback, serves its live HLS, ladders, frames and WebRTC
 * sessions, and turns its recordings into replays in the bucket. Every app process knows every
 * ingest from INGESTS. The balancer passes `/ingest/<name>/...` to that ingest's app process with
 * the prefix removed, so `/ingest/a/hls/7.m3u8` is `/hls/7.m3u8` on machine `a`.
 *
 * A live is pinned to the ingest its stream arrived at: that machine's publish hook writes the
 * room's stream URL with the machine's prefix, so any process knows where a live plays from by
 * reading the room. With neither variable set (one machine) nothing has a prefix and nothing
 * changes.
 */
import { createHash, createHmac } from 'node:crypto';

/** Where the balancer passes requests on to an ingest machine's app process. */
export const INGEST_PATH = '/ingest/';

/** The header an app process sends its internal calls to an ingest machine with. */
export const INTERNAL_TOKEN_HEADER = 'x-media-token';

const NAME = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** One ingest machine as the app processes know it. */
export interface IngestMachine {
  /** Its name, in URLs: lowercase letters, digits and inner dashes, up to 32 characters. */
  name: string;
  /** Origin of its app process as other machines reach it (http://10.0.0.5:4321). */
  url: string;
  /** The RTMP push address anchors pinned to it are given (rtmp://a.example.com:1935/live). */
  rtmp: string;
}

/** True for a valid ingest name. */
export function isIngestName(value: string): boolean {
  return NAME.test(value);
}

/** INGEST_NAME: this process runs beside the ingest so named; null on an app machine. */
export function readIngestName(raw: string | undefined): string | null {
  const name = raw?.trim() ?? '';
  if (!name) return null;
  if (!isIngestName(name)) {
    throw new Error(
      `Bad INGEST_NAME: ${name} (lowercase letters, digits and inner dashes, up to 32)`,
    );
  }
  return name;
}

/**
 * An http(s) origin given in the setting `setting`; throws `Bad <setting>: <what> ...` naming
 * what is wrong (INGESTS here, APP_ORIGINS in the layout writer).
 */
export function readOrigin(value: string, setting: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Bad ${setting}: ${what} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`Bad ${setting}: ${what} must be http or https`);
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password)
    throw new Error(`Bad ${setting}: ${what} must be an origin only (no path, query or user)`);
  return url.origin;
}

function rtmpUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`Bad INGESTS: ${what} is not a URL`);
  }
  if (url.protocol !== 'rtmp:' && url.protocol !== 'rtmps:')
    throw new Error(`Bad INGESTS: ${what} must be rtmp or rtmps`);
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`Bad INGESTS: ${what} must have no query or user`);
  return value.replace(/\/$/, '');
}

/**
 * INGESTS: the ingest machines, comma separated, each `<name> <app origin> <rtmp push URL>`:
 * `a http://10.0.0.5:4321 rtmp://a.example.com:1935/live, b http://10.0.0.6:4321 rtmp://...`.
 * Empty: one machine. Throws naming the entry (never a secret: there is none here).
 */
export function parseIngests(raw: string | undefined): IngestMachine[] {
  const machines: IngestMachine[] = [];
  for (const entry of (raw ?? '').split(',')) {
    const parts = entry.trim().split(/\s+/).filter(Boolean);
    if (parts.length === 0) continue;
    const [name, url, rtmp] = parts;
    if (parts.length !== 3 || !name || !url || !rtmp)
      throw new Error(`Bad INGESTS: "${entry.trim()}" (each entry: name app-origin rtmp-url)`);
    if (!isIngestName(name))
      throw new Error(`Bad INGESTS: ${name} (lowercase letters, digits and inner dashes)`);
    if (machines.some((m) => m.name === name))
      throw new Error(`Bad INGESTS: ${name} is named twice`);
    machines.push({
      name,
      url: readOrigin(url, 'INGESTS', `${name}'s app`),
      rtmp: rtmpUrl(rtmp, `${name}'s rtmp`),
    });
  }
  return machines;
}

/** The path prefix of an ingest's files (`/ingest/a`), or '' on one machine. */
export function ingestPrefix(name: string | null): string {
  return name ? `${INGEST_PATH}${name}` : '';
}

/**
 * A site path split into its ingest and the path on that ingest's machine:
 * `/ingest/a/hls/7.m3u8` is `{ ingest: 'a', path: '/hls/7.m3u8' }`, `/hls/7.m3u8` is
 * `{ ingest: null, path: '/hls/7.m3u8' }`. A malformed name is not an ingest path.
 */
export function splitIngestPath(url: string): { ingest: string | null; path: string } {
  if (!url.startsWith(INGEST_PATH)) return { ingest: null, path: url };
  const rest = url.slice(INGEST_PATH.length);
  const slash = rest.indexOf('/');
  const name = slash === -1 ? '' : rest.slice(0, slash);
  if (!isIngestName(name)) return { ingest: null, path: url };
  return { ingest: name, path: rest.slice(slash) };
}

/**
 * The ingest an anchor is offered when nothing pins them yet: the highest of a hash of
 * (ingest, anchor) over all ingests, so adding or removing one moves only the anchors that
 * were or become its own. Null on one machine.
 */
export function chooseIngest(ingests: IngestMachine[], anchorId: number): IngestMachine | null {
  let best: IngestMachine | null = null;
  let bestScore = -1;
  for (const machine of ingests) {
    const score = createHash('sha256')
      .update(`${machine.name}:${anchorId}`)
      .digest()
      .readUInt32BE(0);
    if (score > bestScore) {
      best = machine;
      bestScore = score;
    }
  }
  return best;
}

/** The token app processes send their internal calls to an ingest machine's app process with. */
export function internalMediaToken(secret: string): string {
  return createHmac('sha256', secret).update('media-internal').digest('hex').slice(0, 32);
}
