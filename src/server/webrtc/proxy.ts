/**
 * The site's /whip/... and /whep/... passed through to the WebRTC ingest's API on loopback, so a
 * browser publishes and watches on the site's own origin (its Content-Security-Policy allows
 * nothing else) and OBS is given one address. New sessions are limited per address: each one
 * costs the ingest a peer connection and some CPU. A DELETE passes the caller's Authorization on
 * (the session's secret, which the ingest checks). A ticket-paid room is never watched over
 * WHEP: its viewers get the stream through the ticket flow, over HLS. Beside an ingest machine
 * (INGEST_NAME) the browser reached this process through the balancer's `/ingest/<name>/`, so
 * the session's Location is given back with that prefix and its DELETE finds the way here too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import { ingestPrefix } from '../media/ingests.ts';
import type { Runtime } from '../runtime.ts';
import { readOffer } from './body.ts';
import { WHEP_SECRET_HEADER } from './secret.ts';

/** Offers (new sessions) one address may make per minute. */
export const WEBRTC_OFFERS_PER_MINUTE = 30;

/** True for the paths passed through. */
export function isWebRtcPath(path: string): boolean {
  return /^\/(whip|whep)\/\d{1,10}(\/[0-9a-f-]{36})?$/.test(path);
}

/** True when anchor `id`'s room asks for tickets (WHEP would pass by the ticket check). */
export async function isTicketRoom(db: Db, id: number): Promise<boolean> {
  const [room] = await db
    .select({ ticket: liveRooms.ticket })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, id))
    .limit(1);
  return (room?.ticket ?? 0) > 0;
}

/**
 * The session's Location as the browser should see it: a site path (`/whep/7/<id>`) gains the
 * prefix of this process's ingest (`/ingest/a/whep/7/<id>`); anything else is left as it is.
 */
export function sessionLocation(location: string, ingestName: string | null): string {
  return location.startsWith('/') && !location.startsWith('//')
    ? `${ingestPrefix(ingestName)}${location}`
    : location;
}

function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Passes one request to the ingest on 127.0.0.1:`port`; `caller` is the client's address. */
export async function proxyWebRtc(
  rt: Runtime,
  port: number,
  caller: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const reply = (status: number, text: string, headers: Record<string, string> = {}) =>
    void res.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(text);
  const method = req.method ?? 'GET';
  if (method !== 'POST' && method !== 'DELETE' && method !== 'OPTIONS') return reply(405, '');
  // WHIP clients may ask what is allowed first; the site is their only origin.
  if (method === 'OPTIONS') return reply(204, '', { allow: 'POST, DELETE, OPTIONS' });
  if (
    method === 'POST' &&
    !(await rt.shared.hit('webrtc', caller, WEBRTC_OFFERS_PER_MINUTE, 60_000))
  )
    return reply(429, 'too many sessions, try again in a minute', { 'retry-after': '60' });
  const [, kind, id, resource] = pathOf(req).split('/');
  if (method === 'POST' && kind === 'whep' && !resource) {
    // Unknown (the database did not answer) counts as refused: the viewer plays HLS instead.
    const ticket = await isTicketRoom(rt.db, Number(id)).catch(() => null);
    if (ticket === null) return reply(503, 'try again shortly');
    if (ticket) return reply(403, 'a ticket room plays through its ticket check');
  }
  const body = method === 'POST' ? await readOffer(req) : null;
  if (method === 'POST' && !body) return reply(413, 'offer too large');
  const headers: Record<string, string> = {};
  for (const name of ['content-type', 'authorization'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answer = await fetch(`http://127.0.0.1:${port}${req.url ?? '/'}`, {
    method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!answer) return reply(503, 'the WebRTC ingest is not running');
  const out: Record<string, string> = {
    'content-type': answer.headers.get('content-type') ?? 'text/plain',
    'cache-control': 'no-store',
  };
  // The session's resource and, for a viewer, the secret its DELETE presents (secret.ts).
  for (const name of ['location', 'retry-after', 'www-authenticate', WHEP_SECRET_HEADER]) {
    const value = answer.headers.get(name);
    if (value) out[name] = value;
  }
  if (out.location) out.location = sessionLocation(out.location, rt.env.ingestName);
  res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
}
