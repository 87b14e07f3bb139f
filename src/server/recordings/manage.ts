/**
 * An anchor's own replays (the anchor centre's "My replays"): the list with hidden ones, hiding
 * and showing, deleting with the files we made, and the retention sweep. Seeded replays (no
 * recording of ours) keep their files: only ours are removed from the media store.
 */
import { and, count, desc, eq, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { replays } from '../db/schema.ts';
import type { Runtime } from '../runtime.ts';
import { stemOfPlaylistUrl } from './files.ts';
import { removeReplayFiles } from './replay-objects.ts';

/** Replays per page of "My replays". */
export const OWN_REPLAY_PAGE_SIZE = 10;

/** One of the anchor's replays as "My replays" lists it. */
export interface OwnReplay {
  id: number;
  title: string;
  cover: string;
  durationSec: number;
  views: number;
  recordedAt: Date;
  hidden: boolean;
}

/** A page of the anchor's replays, newest first, hidden ones included. */
export async function listOwnReplays(
  db: Db,
  anchorId: number,
  page: number,
): Promise<{ items: OwnReplay[]; total: number; page: number; pages: number }> {
  const where = eq(replays.anchorId, anchorId);
  const [row] = await db.select({ n: count() }).from(replays).where(where);
  const total = row?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / OWN_REPLAY_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const items = await db
    .select({
      id: replays.id,
      title: replays.title,
      cover: replays.cover,
      durationSec: replays.durationSec,
      views: replays.views,
      recordedAt: replays.recordedAt,
      hidden: replays.hidden,
    })
    .from(replays)
    .where(where)
    .orderBy(desc(replays.recordedAt), desc(replays.id))
    .limit(OWN_REPLAY_PAGE_SIZE)
    .offset((current - 1) * OWN_REPLAY_PAGE_SIZE);
  return { items, total, page: current, pages };
}

/** Why a change to a replay was refused. */
export type OwnReplayRefusal = 'noReplay' | 'notOwner';

async function ownerOf(db: Db, id: number) {
  const [row] = await db
    .select({ anchorId: replays.anchorId })
    .from(replays)
    .where(eq(replays.id, id));
  return row?.anchorId ?? null;
}

/** Hides or shows replay `id` of `anchorId`; null when done, else why not. */
export async function setReplayHidden(
  db: Db,
  anchorId: number,
  id: number,
  hidden: boolean,
): Promise<OwnReplayRefusal | null> {
  const owner = await ownerOf(db, id);
  if (owner === null) return 'noReplay';
  if (owner !== anchorId) return 'notOwner';
  await db
    .update(replays)
    .set({ hidden })
    .where(and(eq(replays.id, id), eq(replays.anchorId, anchorId)));
  return null;
}

/** Removes the HLS folder and the thumbnail we made for a replay (nothing for seeded rows). */
async function removeFiles(
  rt: Runtime,
  row: { streamUrl: string; cover: string; recording: string | null },
) {
  if (!row.recording) return;
  const stem = stemOfPlaylistUrl(row.streamUrl);
  if (stem) await removeReplayFiles(rt.mediaStore, stem);
  const thumb = /^\/uploads\/(\d{4}\/\d{2}\/[0-9a-f]{24}\.jpg)$/.exec(row.cover);
  if (thumb) await rt.storage.remove(`uploads/${thumb[1]!}`).catch(() => {});
}

/** Deletes replay `id` of `anchorId` with its files; null when done, else why not. */
export async function deleteOwnReplay(
  rt: Runtime,
  anchorId: number,
  id: number,
): Promise<OwnReplayRefusal | null> {
  const owner = await ownerOf(rt.db, id);
  if (owner === null) return 'noReplay';
  if (owner !== anchorId) return 'notOwner';
  const [row] = await rt.db
    .delete(replays)
    .where(and(eq(replays.id, id), eq(replays.anchorId, anchorId)))
    .returning({
      streamUrl: replays.streamUrl,
      cover: replays.cover,
      recording: replays.recording,
    });
  if (row) await removeFiles(rt, row);
  return null;
}

/** Deletes recorded replays older than REPLAY_RETENTION_DAYS with their files; returns how many. */
export async function removeExpiredReplays(rt: Runtime, now = new Date()): Promise<number> {
  const days = rt.env.replayRetentionDays;
  if (days <= 0) return 0;
  const cutoff = new Date(now.getTime() - days * 24 * 60 * 60_000);
  const rows = await rt.db
    .delete(replays)
    .where(and(isNotNull(replays.recording), lt(replays.recordedAt, cutoff)))
    .returning({
      streamUrl: replays.streamUrl,
      cover: replays.cover,
      recording: replays.recording,
    });
  for (const row of rows) await removeFiles(rt, row);
  return rows.length;
}
