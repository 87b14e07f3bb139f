/**
 * A replay's chat track: the messages its room saw while the recorded stream ran, and the barrage
 * viewers added to the replay since, as offsets in ms from the replay's start, one window at a
 * time. Messages managers deleted, and those of users a manager banned in the room from the live's
 * start on (a ban not lifted since), are left out (docs/decisions.md, "A replay's chat track").
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { TRACK_SOURCE, type TrackLine, type TrackWindow } from '../../lib/replays/api.ts';
import type { Db } from '../db/index.ts';
import { chatBans, chatMessages, replayComments, replays, users } from '../db/schema.ts';
import { profileColumns, roomModerators, toProfile } from '../live/chat.ts';
import { storedMessageColumns, storedSay } from '../live/chat-messages.ts';
import { ticketedVideo } from '../media/gate.ts';

/** The longest window one call answers, in ms. */
export const TRACK_WINDOW_MAX_MS = 120_000;
/** The most messages one window answers; a fuller window says where to go on. */
export const TRACK_WINDOW_MAX_ITEMS = 2_000;

export { TRACK_SOURCE, type TrackLine, type TrackWindow };

/** What the track needs of a replay. */
export interface TrackReplay {
  id: number;
  anchorId: number;
  startedAt: Date | null;
  durationMs: number;
}

/** The replay `id` when the public may read its track: it exists and its anchor did not hide it. */
export async function trackReplay(db: Db, id: number): Promise<TrackReplay | null> {
  const [row] = await db
    .select({
      id: replays.id,
      anchorId: replays.anchorId,
      startedAt: replays.startedAt,
      durationSec: replays.durationSec,
    })
    .from(replays)
    .where(and(eq(replays.id, id), eq(replays.hidden, false)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    anchorId: row.anchorId,
    startedAt: row.startedAt,
    durationMs: row.durationSec * 1000,
  };
}

/**
 * True when the replay's video is behind its live's ticket: made while the room's ticket live
 * still runs (the rule of "Tickets to a live's video"); its chat is kept back with it.
 */
export async function trackBehindTicket(db: Db, replay: TrackReplay): Promise<boolean> {
  const live = await ticketedVideo(db, replay.anchorId);
  return live !== null && replay.startedAt !== null && replay.startedAt >= live;
}

/** Live messages of the window, oldest first (at most `limit`). */
async function liveLines(db: Db, replay: TrackReplay, from: Date, to: Date, limit: number) {
  const started = replay.startedAt!;
  // A manager's ban placed from the live's start on, and not lifted, hides the user's words.
  const banned = db
    .select({ one: sql`1` })
    .from(chatBans)
    .where(
      and(
        eq(chatBans.anchorId, replay.anchorId),
        eq(chatBans.userId, chatMessages.userId),
        isNotNull(chatBans.byUserId),
        isNull(chatBans.liftedAt),
        gte(chatBans.createdAt, started),
      ),
    );
  return db
    .select(storedMessageColumns)
    .from(chatMessages)
    .innerJoin(users, eq(users.id, chatMessages.userId))
    .where(
      and(
        eq(chatMessages.anchorId, replay.anchorId),
        gte(chatMessages.createdAt, from),
        lt(chatMessages.createdAt, to),
        isNull(chatMessages.deletedAt),
        sql`not exists (${banned})`,
      ),
    )
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.id))
    .limit(limit);
}

/** Replay viewers' barrage of the window, oldest first (at most `limit`). */
async function replayLines(
  db: Db,
  replay: TrackReplay,
  fromMs: number,
  toMs: number,
  limit: number,
) {
  return db
    .select({
      id: replayComments.id,
      content: replayComments.content,
      propType: replayComments.propType,
      propsId: replayComments.propsId,
      offsetMs: replayComments.offsetMs,
      createdAt: replayComments.createdAt,
      user: profileColumns,
    })
    .from(replayComments)
    .innerJoin(users, eq(users.id, replayComments.userId))
    .where(
      and(
        eq(replayComments.replayId, replay.id),
        gte(replayComments.offsetMs, fromMs),
        lt(replayComments.offsetMs, toMs),
        isNull(replayComments.deletedAt),
      ),
    )
    .orderBy(asc(replayComments.offsetMs), asc(replayComments.id))
    .limit(limit);
}

/**
 * The track from `fromMs` to `toMs` (clamped to the replay and to TRACK_WINDOW_MAX_MS), live
 * messages and replay barrage merged by offset. A replay without a known start (a seeded one
 * never given one) has only its viewers' barrage.
 */
export async function readTrackWindow(
  db: Db,
  replay: TrackReplay,
  fromMs: number,
  toMs: number,
  maxItems = TRACK_WINDOW_MAX_ITEMS,
  now = new Date(),
): Promise<TrackWindow> {
  const from = Math.max(0, Math.min(fromMs, replay.durationMs));
  const to = Math.max(from, Math.min(toMs, from + TRACK_WINDOW_MAX_MS, replay.durationMs));
  const start = replay.startedAt?.getTime();
  const empty = { from_ms: from, to_ms: to, more: false, duration_ms: replay.durationMs };
  if (to === from) return { ...empty, lines: [] };
  // One more than asked tells whether the window was full.
  const [live, added, moderators] = await Promise.all([
    start === undefined
      ? Promise.resolve([])
      : liveLines(db, replay, new Date(start + from), new Date(start + to), maxItems + 1),
    replayLines(db, replay, from, to, maxItems + 1),
    roomModerators(db, replay.anchorId),
  ]);
  const lines: TrackLine[] = [];
  for (const row of live) {
    const profile = toProfile(row.user, now);
    lines.push(line(row, profile, moderators, row.createdAt.getTime() - start!, TRACK_SOURCE.live));
  }
  for (const row of added) {
    const profile = toProfile(row.user, now);
    lines.push(line(row, profile, moderators, row.offsetMs, TRACK_SOURCE.replay));
  }
  lines.sort((a, b) => a.offset_ms - b.offset_ms || a.source - b.source || a.id - b.id);
  if (lines.length <= maxItems) return { ...empty, lines };
  // Full: answer up to (not including) the offset of the first line left out, so asking again
  // from there misses nothing; a single offset holding more than a window's worth is cut.
  const cut = lines[maxItems]!.offset_ms;
  const kept = lines.slice(0, maxItems).filter((l) => l.offset_ms < cut);
  const end = kept.length > 0 ? cut : cut + 1;
  return {
    ...empty,
    to_ms: end,
    more: true,
    lines: kept.length > 0 ? kept : lines.slice(0, maxItems),
  };
}

function line(
  row: { id: number; content: string; propType: number; propsId: number; createdAt: Date },
  profile: ReturnType<typeof toProfile>,
  moderators: Set<number>,
  offsetMs: number,
  source: 0 | 1,
): TrackLine {
  return { ...storedSay(row, profile, moderators), offset_ms: offsetMs, source };
}
