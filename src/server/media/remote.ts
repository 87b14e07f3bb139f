/**
 * What lives on another ingest machine's disk, reached from any app process. A live whose
 * stream URL names an ingest (`/ingest/a/hls/7.m3u8`) that this process knows from INGESTS and
 * is not its own plays from that machine: its stream health, its live HLS files (for clips) and
 * its publisher are asked of that machine's app process at `machine.url`, under
 * INTERNAL_MEDIA_PATH, with the internal token (`x-media-token`). A live with no prefix, or on
 * this process's own ingest, is local and read from this machine's disk as on one machine.
 *
 * Every call here gives up after INTERNAL_TIMEOUT_MS, never throws, and logs its failures
 * without the token.
 */
import {
  INTERNAL_TOKEN_HEADER,
  internalMediaToken,
  splitIngestPath,
  type IngestMachine,
} from './ingests.ts';
import { log } from '../log.ts';
import { parseIngestUrl } from './stream.ts';

/** Where an ingest machine's app process answers the internal calls (internal-routes.ts). */
export const INTERNAL_MEDIA_PATH = '/api/media/internal';

/** How long an internal call may take before it is given up. */
export const INTERNAL_TIMEOUT_MS = 2_000;

/** What deciding local or remote needs of the environment. */
export interface IngestPlace {
  ingestName: string | null;
  ingests: IngestMachine[];
}

/**
 * The machine a live with `streamUrl` plays from when that is another machine: its name is in
 * INGESTS and is not this process's INGEST_NAME. Null for a local live (no prefix, our own
 * ingest) and for a name no entry of INGESTS has (nothing could be asked).
 */
export function remoteIngest(env: IngestPlace, streamUrl: string): IngestMachine | null {
  const { ingest } = splitIngestPath(streamUrl);
  if (!ingest || ingest === env.ingestName) return null;
  return env.ingests.find((m) => m.name === ingest) ?? null;
}

/**
 * True when a live with `streamUrl` is this machine's: it plays from this process's HLS folder
 * (no prefix, or our own ingest's) and is a stream of an ingest (not a seeded or demo URL).
 */
export function isLocalLive(env: IngestPlace, streamUrl: string): boolean {
  const stream = parseIngestUrl(streamUrl);
  return stream !== null && (stream.ingest === null || stream.ingest === env.ingestName);
}

/** Why a call to a local or remote service failed, in words safe for the log (no URL). */
export function reasonOf(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timeout';
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Calls `path` (below INTERNAL_MEDIA_PATH) on `machine`'s app process. Resolves with the
 * answer when it is 2xx, else null; a refusal, an error or a timeout is logged as a warning
 * naming the machine, the call and the reason, never the token.
 */
export async function internalCall(
  machine: IngestMachine,
  secret: string,
  path: string,
  init: { method?: 'GET' | 'POST'; timeoutMs?: number } = {},
): Promise<Response | null> {
  const what = path.split('?')[0];
  try {
    const res = await fetch(`${machine.url}${INTERNAL_MEDIA_PATH}${path}`, {
      method: init.method ?? 'GET',
      headers: { [INTERNAL_TOKEN_HEADER]: internalMediaToken(secret) },
      signal: AbortSignal.timeout(init.timeoutMs ?? INTERNAL_TIMEOUT_MS),
    });
    if (res.ok) return res;
    await res.body?.cancel();
    log('warn', 'ingest_call_failed', {
      ingest: machine.name,
      call: what,
      reason: `http ${res.status}`,
    });
    return null;
  } catch (error) {
    log('warn', 'ingest_call_failed', {
      ingest: machine.name,
      call: what,
      reason: reasonOf(error),
    });
    return null;
  }
}
