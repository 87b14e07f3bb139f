/**
 * The server's side of nginx-rtmp's control module (`rtmp_control`, on the ingest's loopback
 * HTTP port, see src/server/media/nginx.ts). Ending a live closes the session, so the publish
 * hook refuses the key on reconnect, but an encoder that is still connected would keep pushing
 * into an offline room: `dropPublisher` cuts it off. It never throws: the live has already
 * ended, and an ingest that is not running has nobody to drop.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { liveRooms } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { log } from '../log.ts';
import { internalCall, reasonOf, remoteIngest } from './remote.ts';

/** The RTMP application encoders push to (`rtmp://host:port/live/<anchor id>`). */
export const INGEST_APP = 'live';

/** How long a control call may take before it is given up. */
export const CONTROL_TIMEOUT_MS = 2_000;

/**
 * Asks the ingest on 127.0.0.1:`controlPort` to disconnect whoever publishes the stream of
 * `anchorId`. Resolves with the number of connections dropped, or null when the ingest could
 * not be asked (not running, timed out, or an unexpected answer; each logged as a warning).
 *
 * @example await dropPublisher(rt.env.rtmpControlPort, anchorId);
 */
export async function dropPublisher(
  controlPort: number,
  anchorId: number,
  timeoutMs = CONTROL_TIMEOUT_MS,
): Promise<number | null> {
  const query = new URLSearchParams({ app: INGEST_APP, name: String(anchorId) });
  const url = `http://127.0.0.1:${controlPort}/control/drop/publisher?${query}`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.text()).trim();
    if (!res.ok || !/^\d+$/.test(body)) {
      log('warn', 'ingest_drop_failed', { anchorId, reason: `http ${res.status}` });
      return null;
    }
    const dropped = Number(body);
    if (dropped > 0) log('info', 'ingest_publisher_dropped', { anchorId, dropped });
    return dropped;
  } catch (error) {
    const reason = reasonOf(error);
    // No ingest on this machine (demo media, or `npm run media` not started): nothing to drop.
    const event = reason === 'ECONNREFUSED' ? 'ingest_drop_skipped' : 'ingest_drop_failed';
    log('warn', event, { anchorId, reason });
    return null;
  }
}

/** What ending a live's push needs: the database and where the ingests are. */
export interface DropContext {
  db: Db;
  env: Pick<Env, 'rtmpControlPort' | 'secret' | 'ingestName' | 'ingests'>;
}

/**
 * Cuts off whoever still pushes `anchorId`'s stream, on the machine the live is pinned to: the
 * ingest on this machine for a live with no prefix or on our own ingest, else the ingest
 * machine its stream URL names (through that machine's internal drop call). Every live that
 * ends goes through here. Resolves like dropPublisher; never throws.
 */
export async function dropLivePublisher(
  { db, env }: DropContext,
  anchorId: number,
): Promise<number | null> {
  const rows = await db
    .select({ streamUrl: liveRooms.streamUrl })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .catch(() => []);
  const machine = rows[0] ? remoteIngest(env, rows[0].streamUrl) : null;
  if (!machine) return dropPublisher(env.rtmpControlPort, anchorId);
  const res = await internalCall(machine, env.secret, `/drop/${anchorId}`, { method: 'POST' });
  const body = (await res?.json().catch(() => null)) as { dropped?: unknown } | null;
  const dropped = body?.dropped;
  return typeof dropped === 'number' ? dropped : null;
}
