/**
 * The site's /whip/... and /whep/... passed through to the WebRTC ingest's API on loopback, so a
 * browser publishes and watches on the site's own origin (its Content-Security-Policy allows
 * nothing else) and OBS is given one address. New sessions are limited per address: each one
 * costs the ingest a peer connection and some CPU.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Runtime } from '../runtime.ts';
import { readOffer } from './body.ts';

/** Offers (new sessions) one address may make per minute. */
export const WEBRTC_OFFERS_PER_MINUTE = 30;

/** True for the paths passed through. */
export function isWebRtcPath(path: string): boolean {
  return /^\/(whip|whep)\/\d{1,10}(\/[0-9a-f-]{36})?$/.test(path);
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
    !(await rt.shared.hit(`webrtc:${caller}`, WEBRTC_OFFERS_PER_MINUTE, 60_000))
  )
    return reply(429, 'too many sessions, try again in a minute', { 'retry-after': '60' });
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
  const location = answer.headers.get('location');
  if (location) out.location = location;
  const retry = answer.headers.get('retry-after');
  if (retry) out['retry-after'] = retry;
  res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
}
