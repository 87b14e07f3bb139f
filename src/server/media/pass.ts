/**
 * Passes to a ticket live's video: a short token the server hands a viewer who may watch the
 * anchor's live that started at a given time (a ticket holder of that live, the anchor, a room
 * manager or an administrator), carried in the query of the video's URLs as `pass=`. It is an
 * HMAC of the server's secret over the anchor, the live's start, the viewer and its expiry, so
 * every process of a cluster checks it alone, with no memory of who paid. The player asks the
 * API for a new one while it plays (src/lib/player/stream-pass.ts), so a pass never runs out
 * under a paying viewer.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a pass is good for, in seconds. */
export const PASS_TTL_S = 20 * 60;
/** The query parameter carrying it. */
export const PASS_PARAM = 'pass';

/** What a pass grants. */
export interface Pass {
  anchorId: number;
  /** The live's start (live_rooms.started_at), in ms. */
  liveStartedAt: number;
  /** Who it was given to. */
  viewerId: number;
  /** Unix seconds after which it is refused. */
  expiresAt: number;
}

function signature(secret: string, payload: string): Buffer {
  const key = createHmac('sha256', secret).update('hls-pass').digest();
  return createHmac('sha256', key).update(payload).digest().subarray(0, 18);
}

/** The token for `pass`. */
export function signPass(secret: string, pass: Pass): string {
  const payload = [pass.anchorId, pass.liveStartedAt, pass.viewerId, pass.expiresAt].join('.');
  return `${payload}.${signature(secret, payload).toString('base64url')}`;
}

/** A pass for `viewerId` to the live of `anchorId` that started at `liveStartedAt`, from now. */
export function issuePass(
  secret: string,
  anchorId: number,
  liveStartedAt: Date,
  viewerId: number,
  now = Date.now(),
): string {
  return signPass(secret, {
    anchorId,
    liveStartedAt: liveStartedAt.getTime(),
    viewerId,
    expiresAt: Math.floor(now / 1000) + PASS_TTL_S,
  });
}

const TOKEN = /^(\d{1,10})\.(\d{1,15})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{24})$/;

/** The pass in `token` when its signature is right and it has not expired; null otherwise. */
export function readPass(secret: string, token: string | null, now = Date.now()): Pass | null {
  const match = token ? TOKEN.exec(token) : null;
  if (!match) return null;
  const payload = match.slice(1, 5).join('.');
  const given = Buffer.from(match[5]!, 'base64url');
  const want = signature(secret, payload);
  if (given.length !== want.length || !timingSafeEqual(given, want)) return null;
  const pass = {
    anchorId: Number(match[1]),
    liveStartedAt: Number(match[2]),
    viewerId: Number(match[3]),
    expiresAt: Number(match[4]),
  };
  return pass.expiresAt * 1000 > now ? pass : null;
}

/** True when `token` is a valid pass to the live of `anchorId` that started at `liveStartedAt`. */
export function passAdmits(
  secret: string,
  token: string | null,
  anchorId: number,
  liveStartedAt: Date,
  now = Date.now(),
): boolean {
  const pass = readPass(secret, token, now);
  return (
    pass !== null && pass.anchorId === anchorId && pass.liveStartedAt === liveStartedAt.getTime()
  );
}

/** `url` with the pass in its query. */
export function withPass(url: string, token: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${PASS_PARAM}=${token}`;
}

/** The pass in a request's query string (`?a=b&pass=...`), or null. */
export function passOf(search: string): string | null {
  return new URLSearchParams(search).get(PASS_PARAM);
}

const URI_ATTRIBUTE = /URI="([^"]*)"/g;

/**
 * A playlist whose every URI (variant playlists, segments, URI="" attributes) carries the pass,
 * so a player that was handed a master or media playlist fetches the rest with it.
 */
export function passPlaylist(text: string, token: string): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (trimmed.startsWith('#'))
        return line.replace(URI_ATTRIBUTE, (_all, uri: string) => `URI="${withPass(uri, token)}"`);
      return withPass(trimmed, token);
    })
    .join('\n');
}
