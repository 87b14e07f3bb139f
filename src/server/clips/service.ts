/**
 * Clips: starting a cut of a live's last seconds or of a replay's range (checked, limited and
 * queued), reading shown clips for their page and lists, counting views, and removing them.
 * Ticket rule: a ticket live cannot be clipped while it runs, nor its replay until it has ended
 * (the video is behind a pass until then); once the live is over its replay is free like every
 * replay, and so are clips of it (docs/decisions.md).
 */
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { CLIP_STATUS, clips, liveRooms, liveSessions, replays, ROLE, users } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { roomModerators } from '../live/chat.ts';
import { log } from '../log.ts';
import { replayTicketLive } from '../recordings/serve.ts';
import type { Runtime } from '../runtime.ts';
import type { ObjectStore } from '../storage/store.ts';
import { audit } from '../staff/audit.ts';
import { cutClip } from './cut.ts';
import { clipFileNames, clipKey } from './files.ts';
import { clipQueue } from './queue.ts';
import {
  livePlaylist,
  planCut,
  readSource,
  replayPlaylist,
  type CutPlan,
  type MediaSource,
  type SourcePlace,
} from './source.ts';

/** Clips one user may start per rolling hour (failed ones count: they cost the same work). */
export const CLIPS_PER_HOUR = 10;
/** Clips per page of a list. */
export const CLIP_PAGE_SIZE = 12;
/** Shortest clip of a live's last seconds when the live has less video than asked. */
const MIN_SECONDS = 5;

/** What a viewer asks for: the live's last `seconds`, or `seconds` of a replay from `start`. */
export type ClipAsk =
  | { kind: 'live'; anchorId: number; seconds: number; title: string }
  | { kind: 'replay'; replayId: number; start: number; seconds: number; title: string };

/** A clip as pages and calls show it. */
export interface ClipCard {
  id: number;
  anchorId: number;
  anchorName: string;
  anchorAvatar: string;
  userId: number;
  userName: string;
  replayId: number | null;
  title: string;
  startSec: number;
  askedStartSec: number;
  durationMs: number;
  file: string;
  thumb: string;
  width: number;
  height: number;
  status: number;
  views: number;
  createdAt: Date;
}

const maker = sql<string>`(select ${users.nickName} from ${users} where ${users.id} = ${clips.userId})`;

const cardFields = {
  id: clips.id,
  anchorId: clips.anchorId,
  anchorName: users.nickName,
  anchorAvatar: users.avatar,
  userId: clips.userId,
  userName: maker,
  replayId: clips.replayId,
  title: clips.title,
  startSec: clips.startSec,
  askedStartSec: clips.askedStartSec,
  durationMs: clips.durationMs,
  file: clips.file,
  thumb: clips.thumb,
  width: clips.width,
  height: clips.height,
  status: clips.status,
  views: clips.views,
  createdAt: clips.createdAt,
};

/** Reads a source playlist; a live or replay whose files are gone has nothing to cut. */
async function source(place: SourcePlace | null): Promise<MediaSource> {
  if (!place) throw new ApiError('clips.api.noVideo');
  try {
    const read = await readSource(place);
    if (read.segments.length === 0) throw new Error('empty playlist');
    return read;
  } catch {
    throw new ApiError('clips.api.noVideo');
  }
}

/** Where the clip comes from and what to cut, or a refusal. */
async function planFor(
  rt: Runtime,
  ask: ClipAsk,
): Promise<{ anchorId: number; replayId: number | null; sessionId: number | null; plan: CutPlan }> {
  const { db } = rt;
  if (ask.kind === 'live') {
    const [room] = await db
      .select({
        isLive: liveRooms.isLive,
        ticket: liveRooms.ticket,
        streamUrl: liveRooms.streamUrl,
        session: liveSessions.id,
      })
      .from(liveRooms)
      .leftJoin(
        liveSessions,
        and(eq(liveSessions.anchorId, liveRooms.anchorId), isNull(liveSessions.endedAt)),
      )
      .where(eq(liveRooms.anchorId, ask.anchorId));
    if (!room?.isLive) throw new ApiError('clips.api.notLive');
    if (room.ticket > 0) throw new ApiError('clips.api.ticket');
    const video = await source(livePlaylist(rt.env, ask.anchorId, room.streamUrl));
    const askedStart = Math.max(0, video.total - ask.seconds);
    const plan = planCut(video, askedStart, video.total - askedStart);
    if (!plan || video.total - askedStart < MIN_SECONDS) throw new ApiError('clips.api.tooShort');
    return { anchorId: ask.anchorId, replayId: null, sessionId: room.session, plan };
  }
  const [replay] = await db
    .select({
      anchorId: replays.anchorId,
      streamUrl: replays.streamUrl,
      session: replays.liveSessionId,
    })
    .from(replays)
    .where(and(eq(replays.id, ask.replayId), eq(replays.hidden, false)));
  if (!replay) throw new ApiError('anchorPages.api.noReplay');
  if (await replayTicketLive(db, replay.streamUrl)) throw new ApiError('clips.api.ticket');
  const video = await source(
    replayPlaylist(rt.mediaStore, path.resolve('public'), replay.streamUrl),
  );
  const plan = planCut(video, ask.start, ask.seconds);
  if (!plan)
    throw new ApiError('clips.api.outOfRange', { params: { seconds: Math.floor(video.total) } });
  return { anchorId: replay.anchorId, replayId: ask.replayId, sessionId: replay.session, plan };
}

/** The private folder clips are cut in before they are stored. */
function workDir(rt: Runtime): string {
  return path.join(rt.env.dataDir, 'work', 'clips');
}

/**
 * Cuts clip `id` by `plan` in the work folder, stores the MP4 and thumbnail as private objects,
 * then marks it ready (or failed). The work files go whatever happens.
 */
async function runCut(rt: Runtime, id: number, plan: CutPlan): Promise<void> {
  const dir = workDir(rt);
  const names = clipFileNames(id);
  const video = path.join(dir, names.video);
  const thumb = path.join(dir, names.thumb);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const made = await cutClip(plan, video, thumb);
    const put = (name: string, file: string, contentType: string) =>
      rt.storage.putFile(clipKey(name), file, { contentType, visibility: 'private', move: true });
    await put(names.thumb, thumb, 'image/jpeg');
    await put(names.video, video, 'video/mp4');
    const [row] = await rt.db
      .update(clips)
      .set({ status: CLIP_STATUS.ready, file: names.video, thumb: names.thumb, ...made })
      .where(and(eq(clips.id, id), isNull(clips.removedAt)))
      .returning({ id: clips.id });
    // Removed while it was cut: its files go too.
    if (!row) await removeFiles(rt.storage, id);
  } catch (error) {
    log('warn', 'clip_failed', { clip: id, error: String(error) });
    await removeFiles(rt.storage, id).catch(() => {});
    await rt.db.update(clips).set({ status: CLIP_STATUS.failed }).where(eq(clips.id, id));
  } finally {
    await rm(video, { force: true });
    await rm(thumb, { force: true });
  }
}

/**
 * Starts the clip `ask` for `userId`: checks the source, the ticket rule, the user's hourly
 * limit and the queue; stores the clip as processing and queues its cut. Returns its id.
 */
export async function startClip(rt: Runtime, userId: number, ask: ClipAsk): Promise<number> {
  const where = await planFor(rt, ask);
  const [recent] = await rt.db
    .select({ n: count() })
    .from(clips)
    .where(and(eq(clips.userId, userId), gt(clips.createdAt, new Date(Date.now() - 3_600_000))));
  if ((recent?.n ?? 0) >= CLIPS_PER_HOUR) {
    throw new ApiError('clips.api.hourly', { params: { count: CLIPS_PER_HOUR } });
  }
  const queue = clipQueue(rt);
  const busy = () => new ApiError('clips.api.busy', { httpStatus: 503 });
  if (queue.size() >= queue.capacity) throw busy();
  const [row] = await rt.db
    .insert(clips)
    .values({
      anchorId: where.anchorId,
      userId,
      replayId: where.replayId,
      liveSessionId: where.sessionId,
      title: ask.title,
      startSec: Math.floor(where.plan.start),
      askedStartSec: Math.floor(where.plan.askedStart),
      askedSec: ask.seconds,
    })
    .returning({ id: clips.id });
  const id = row!.id;
  if (!queue.offer(() => runCut(rt, id, where.plan))) {
    await rt.db.delete(clips).where(eq(clips.id, id));
    throw busy();
  }
  return id;
}

/** Clip `id` unless removed (any state: its maker polls it while it is cut). */
export async function getClip(db: Db, id: number): Promise<ClipCard | null> {
  const [row] = await db
    .select(cardFields)
    .from(clips)
    .innerJoin(users, eq(users.id, clips.anchorId))
    .where(and(eq(clips.id, id), isNull(clips.removedAt)));
  return row ?? null;
}

/** A page of an anchor's ready clips, newest first. */
export async function listClips(
  db: Db,
  anchorId: number,
  page: number,
): Promise<{ items: ClipCard[]; total: number; page: number; pages: number }> {
  const where = and(
    eq(clips.anchorId, anchorId),
    eq(clips.status, CLIP_STATUS.ready),
    isNull(clips.removedAt),
  );
  const [totalRow] = await db.select({ n: count() }).from(clips).where(where);
  const total = totalRow?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / CLIP_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pages);
  const items = await db
    .select(cardFields)
    .from(clips)
    .innerJoin(users, eq(users.id, clips.anchorId))
    .where(where)
    .orderBy(desc(clips.createdAt), desc(clips.id))
    .limit(CLIP_PAGE_SIZE)
    .offset((current - 1) * CLIP_PAGE_SIZE);
  return { items, total, page: current, pages };
}

/** Counts one view of a ready, shown clip; the new count, or null. */
export async function addClipView(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .update(clips)
    .set({ views: sql`${clips.views} + 1` })
    .where(and(eq(clips.id, id), eq(clips.status, CLIP_STATUS.ready), isNull(clips.removedAt)))
    .returning({ views: clips.views });
  return row?.views ?? null;
}

/** Removes clip `id`'s video and thumbnail from `store`. */
async function removeFiles(store: ObjectStore, id: number): Promise<void> {
  const names = clipFileNames(id);
  await store.remove(clipKey(names.video));
  await store.remove(clipKey(names.thumb));
}

/** True when `user` may remove clips of room `anchorId`: its anchor and managers, administrators. */
export async function mayRemove(
  db: Db,
  user: { id: number; role: number },
  anchorId: number,
): Promise<boolean> {
  return user.role === ROLE.admin || (await roomModerators(db, anchorId)).has(user.id);
}

/**
 * Removes clip `id` for `actor`: its room's anchor and managers, or an administrator. The row
 * stays (removed_at, removed_by) with an audit entry; the files are deleted.
 */
export async function removeClip(
  rt: Runtime,
  actor: { id: number; role: number },
  id: number,
): Promise<void> {
  const [clip] = await rt.db
    .select({ anchorId: clips.anchorId, title: clips.title, userId: clips.userId })
    .from(clips)
    .where(and(eq(clips.id, id), isNull(clips.removedAt)));
  if (!clip) throw new ApiError('clips.api.noClip');
  const admin = actor.role === ROLE.admin;
  if (!(await mayRemove(rt.db, actor, clip.anchorId))) throw new ApiError('clips.api.notAllowed');
  const [who] = await rt.db
    .select({ nickName: users.nickName })
    .from(users)
    .where(eq(users.id, actor.id));
  await rt.db.transaction(async (t) => {
    await t
      .update(clips)
      .set({ removedAt: new Date(), removedBy: actor.id })
      .where(eq(clips.id, id));
    await audit(
      t,
      { id: actor.id, label: `${who?.nickName ?? ''} (#${actor.id})` },
      'clip.remove',
      `clip:${id}`,
      {
        anchor: clip.anchorId,
        maker: clip.userId,
        title: clip.title,
        as: admin ? 'admin' : actor.id === clip.anchorId ? 'anchor' : 'manager',
      },
    );
  });
  await removeFiles(rt.storage, id);
  // The anchor's page and the room list it: every process renders them again.
  rt.bus.publish({ kind: 'content' });
}
