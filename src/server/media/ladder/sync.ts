/**
 * On several machines a live's quality ladder is on the disk of its ingest machine only, so the
 * process beside that ingest (INGEST_NAME) keeps the room's stream URL in step with it: every
 * couple of seconds it looks at the rooms pinned to its ingest and writes the live's master
 * playlist URL (`/ingest/<name>/hls/<id>/master.m3u8`) once the transcoder has written it, and
 * the source playlist's URL back when it is gone or the live has ended. Any app process then
 * gives viewers the right playlist straight from the room, with no call to the ingest machine.
 * On one machine this does not run: the site looks at its own disk (paths.ts).
 */
import { and, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { liveRooms } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { ingestPrefix } from '../ingests.ts';
import { HLS_PATH, ingestPlaylist, parseIngestUrl } from '../stream.ts';
import { hasLadder, ladderMasterUrl } from './paths.ts';

/** How often the rooms pinned to this ingest are looked at, in ms. */
export const LADDER_SYNC_MS = 2_000;

/** What the sync needs. */
export interface LadderSyncOptions {
  db: Db;
  mediaDir: string;
  /** This process's ingest (INGEST_NAME). */
  ingestName: string;
  intervalMs?: number;
}

/** One pass: brings the stream URL of every room pinned to this ingest in step with its ladder. */
export async function syncLadderUrls({ db, mediaDir, ingestName }: LadderSyncOptions) {
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      streamUrl: liveRooms.streamUrl,
      isLive: liveRooms.isLive,
    })
    .from(liveRooms)
    // Ingest names are lowercase letters, digits and dashes: nothing LIKE reads as a pattern.
    .where(like(liveRooms.streamUrl, `${ingestPrefix(ingestName)}${HLS_PATH}%`));
  for (const row of rows) {
    const parsed = parseIngestUrl(row.streamUrl);
    if (!parsed || parsed.ingest !== ingestName) continue;
    const { anchorId } = parsed;
    const master = row.isLive && hasLadder(mediaDir, anchorId);
    const want = master
      ? ladderMasterUrl(anchorId, ingestName)
      : ingestPlaylist(anchorId, ingestName);
    if (want === row.streamUrl) continue;
    // Only over the URL just read: a live that moved to another ingest meanwhile is left alone.
    await db
      .update(liveRooms)
      .set({ streamUrl: want })
      .where(and(eq(liveRooms.anchorId, anchorId), eq(liveRooms.streamUrl, row.streamUrl)));
  }
}

/** A running sync. */
export interface LadderSync {
  /** Stops the timer and waits for a pass in progress. */
  stop: () => Promise<void>;
}

/** Starts the periodic sync in the process beside ingest `ingestName`. */
export function startLadderSync(options: LadderSyncOptions): LadderSync {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = syncLadderUrls(options)
      .catch((error: unknown) => log('warn', 'ladder_sync_failed', { error: String(error) }))
      .finally(() => {
        running = null;
      });
  }, options.intervalMs ?? LADDER_SYNC_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
