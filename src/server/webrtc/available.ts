/**
 * Whether anchors are offered the WebRTC push address. WEBRTC_PUSH_URL names it outright (an
 * ingest behind another address); without it the site offers `<PUBLIC_URL>/whip` while the
 * WebRTC ingest answers its health check on loopback, so `npm run media` is all it takes and a
 * site without the ingest never offers a switch that cannot work. The answer is kept a few
 * seconds: the dialog asks once per opening, and the ingest is not asked per anchor.
 *
 * On several machines (INGESTS) the address is the anchor's ingest's,
 * `<PUBLIC_URL>/ingest/<name>/whip`, offered without a check: an app machine has no WebRTC
 * ingest on loopback to ask, and every ingest machine runs one (`npm run media`).
 */
import type { Env } from '../env.ts';
import { ingestPrefix } from '../media/ingests.ts';

/** How long one answer of the ingest is trusted. */
const FRESH_MS = 5_000;
/** How long the health check may take (the ingest is on this machine). */
const TIMEOUT_MS = 500;

const answers = new Map<number, { at: number; up: Promise<boolean> }>();

/** True when the WebRTC ingest on 127.0.0.1:`port` answers its health check. */
export function ingestAnswers(port: number, now = Date.now()): Promise<boolean> {
  const known = answers.get(port);
  if (known && now - known.at < FRESH_MS) return known.up;
  const up = fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(TIMEOUT_MS) })
    .then((res) => res.ok)
    .catch(() => false);
  answers.set(port, { at: now, up });
  return up;
}

/**
 * The WebRTC push address without the stream (…/whip), or empty when there is none; `ingest` is
 * the anchor's ingest machine on several machines, null on one.
 */
export async function webRtcPushBase(env: Env, ingest: string | null = null): Promise<string> {
  if (env.webRtcPushUrl) return env.webRtcPushUrl.replace(/\/$/, '');
  const site = env.publicUrl.replace(/\/$/, '');
  if (ingest) return `${site}${ingestPrefix(ingest)}/whip`;
  return (await ingestAnswers(env.webRtcPort)) ? `${site}/whip` : '';
}
