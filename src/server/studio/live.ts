/**
 * An anchor's live session: startLive fills the room from the live form and opens the session
 * (the ingest then accepts the anchor's key; the room is live once the stream arrives); endLive
 * closes it and takes the room offline. Every check is made here, on the server.
 */
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import {
  planDate,
  PLAN_MAX_DAYS,
  SPORTS_CATEGORY,
  type PlanLiveForm,
  type StartLiveForm,
} from '../../lib/validation/studio.ts';
import type { Db } from '../db/index.ts';
import {
  LIVE_PLAN_STATUS,
  livePlans,
  liveRooms,
  matches,
  MATCH_STATUS,
  ROLE,
  secondCategories,
  users,
} from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { acceptsImage, COVER_USES } from '../uploads/refs.ts';
import { closeSessions, openSession } from './stats.ts';
import type { IngestMachine } from '../media/ingests.ts';
import { ingestPlaylist, offeredIngest } from '../media/stream.ts';

/** The caller's room when the caller is an anchor with a room; otherwise a refusal. */
export async function requireOwnRoom(
  db: Db,
  userId: number,
): Promise<{ isLive: boolean; sessionOpen: boolean; streamUrl: string }> {
  const [row] = await db
    .select({
      role: users.role,
      isLive: liveRooms.isLive,
      sessionOpen: liveRooms.sessionOpen,
      streamUrl: liveRooms.streamUrl,
    })
    .from(users)
    .innerJoin(liveRooms, eq(liveRooms.anchorId, users.id))
    .where(eq(users.id, userId));
  if (!row || row.role !== ROLE.anchor) throw new ApiError('studio.errors.notAnchor');
  return { isLive: row.isLive, sessionOpen: row.sessionOpen, streamUrl: row.streamUrl };
}

/** Checks the category pair and the match of a live form; returns the match id or null. */
export async function checkLiveForm(
  db: Db,
  form: Pick<StartLiveForm, 'category' | 'cateid' | 'match_id' | 'ticket'>,
  ticketSwitch: number,
): Promise<number | null> {
  const [second] = await db
    .select({ categoryId: secondCategories.categoryId, sportId: secondCategories.sportId })
    .from(secondCategories)
    .where(eq(secondCategories.id, form.cateid));
  if (!second || second.categoryId !== form.category) {
    throw new ApiError('studio.errors.badCategory');
  }
  if (form.ticket > 0 && ticketSwitch !== 1) throw new ApiError('studio.errors.noTickets');
  if (form.match_id === 0) return null;
  if (form.category !== SPORTS_CATEGORY) throw new ApiError('studio.errors.matchOnlySports');
  const [match] = await db
    .select({ sportId: matches.sportId, status: matches.status })
    .from(matches)
    .where(eq(matches.id, form.match_id));
  if (!match || match.sportId !== second.sportId || match.status === MATCH_STATUS.finished) {
    throw new ApiError('studio.errors.badMatch');
  }
  return form.match_id;
}

/**
 * Refuses covers that are not the anchor's own stored uploads (or the built-in covers): a
 * missing file, another user's upload or any other path. Empty covers pass (the form decides
 * which are required).
 */
export async function checkCovers(db: Db, anchorId: number, covers: string[]): Promise<void> {
  const rule = { uses: COVER_USES, owner: anchorId, builtInCovers: true };
  for (const cover of covers) {
    if (cover && !(await acceptsImage(db, cover, rule)))
      throw new ApiError('studio.errors.badImage');
  }
}

/**
 * Opens the anchor's live session with the form's title, category, covers, match and ticket.
 * The room turns live when the stream reaches the ingest, not before. Its stream URL is the
 * playlist on the ingest the anchor is offered (`ingests`, INGESTS; none on one machine); the
 * publish hook of the ingest the stream reaches writes its own if that is another one.
 */
export async function startLive(
  db: Db,
  anchorId: number,
  form: StartLiveForm,
  ticketSwitch: number,
  now = new Date(),
  ingests: IngestMachine[] = [],
): Promise<void> {
  const room = await requireOwnRoom(db, anchorId);
  const offered = offeredIngest(ingests, anchorId, room.streamUrl);
  if (room.isLive) throw new ApiError('studio.errors.alreadyLive');
  const matchId = await checkLiveForm(db, form, ticketSwitch);
  await checkCovers(db, anchorId, [form.thumb, form.thumb_y]);
  // The room and its live session change together.
  await db.transaction(async (tx) => {
    await tx
      .update(liveRooms)
      .set({
        title: form.title,
        categoryId: form.category,
        secondCategoryId: form.cateid,
        matchId,
        cover: form.thumb || form.thumb_y,
        coverV: form.thumb_y,
        ticket: form.ticket,
        streamUrl: ingestPlaylist(anchorId, offered?.name ?? null),
        sessionOpen: true,
        startedAt: now,
        autoEndAt: null,
      })
      .where(eq(liveRooms.anchorId, anchorId));
    await openSession(
      tx,
      anchorId,
      { title: form.title, categoryId: form.category, secondCategoryId: form.cateid },
      now,
    );
    if (form.plan_id > 0) {
      await tx
        .update(livePlans)
        .set({ status: LIVE_PLAN_STATUS.started })
        .where(
          and(
            eq(livePlans.id, form.plan_id),
            eq(livePlans.anchorId, anchorId),
            eq(livePlans.status, LIVE_PLAN_STATUS.planned),
          ),
        );
    }
  });
}

/** Closes the anchor's live session: the ingest refuses the key and the room goes offline. */
export async function endLive(db: Db, anchorId: number, now = new Date()): Promise<void> {
  await requireOwnRoom(db, anchorId);
  await db.transaction(async (tx) => {
    await tx
      .update(liveRooms)
      .set({ sessionOpen: false, isLive: false, autoEndAt: null })
      .where(eq(liveRooms.anchorId, anchorId));
    await closeSessions(tx, [anchorId], now);
  });
}

/** Plans a live: checked like a start, at a time between now and PLAN_MAX_DAYS ahead. */
export async function createPlan(
  db: Db,
  anchorId: number,
  form: PlanLiveForm,
  ticketSwitch: number,
  now = new Date(),
): Promise<number> {
  await requireOwnRoom(db, anchorId);
  const at = planDate(form.plan_time);
  if (!at) throw new ApiError('validation.planTimeRequired');
  if (at.getTime() <= now.getTime() + 60_000) throw new ApiError('studio.errors.planPast');
  if (at.getTime() > now.getTime() + PLAN_MAX_DAYS * 86_400_000) {
    throw new ApiError('studio.errors.planFar', { params: { days: PLAN_MAX_DAYS } });
  }
  const matchId = await checkLiveForm(
    db,
    {
      category: form.category_id,
      cateid: form.child_category_id,
      match_id: form.match_id,
      ticket: form.ticket,
    },
    ticketSwitch,
  );
  await checkCovers(db, anchorId, [form.thumb]);
  const [row] = await db
    .insert(livePlans)
    .values({
      anchorId,
      title: form.title,
      categoryId: form.category_id,
      secondCategoryId: form.child_category_id,
      matchId,
      cover: form.thumb,
      planTime: at,
      ticket: form.ticket,
    })
    .returning({ id: livePlans.id });
  return row!.id;
}

/** How long a live outlives its anchor's logout (spec §4). */
export const LOGOUT_END_MS = 5 * 60_000;

/** The anchor logged out: an open live ends LOGOUT_END_MS later unless they come back. */
export async function scheduleLogoutEnd(db: Db, anchorId: number, now = new Date()): Promise<void> {
  await db
    .update(liveRooms)
    .set({ autoEndAt: new Date(now.getTime() + LOGOUT_END_MS) })
    .where(and(eq(liveRooms.anchorId, anchorId), eq(liveRooms.sessionOpen, true)));
}

/** The anchor logged in again: the pending end is called off. */
export async function cancelLogoutEnd(db: Db, anchorId: number): Promise<void> {
  await db
    .update(liveRooms)
    .set({ autoEndAt: null })
    .where(and(eq(liveRooms.anchorId, anchorId), isNotNull(liveRooms.autoEndAt)));
}

/** Ends every live whose logout grace has run out; returns the rooms ended. */
export async function endDueLives(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(liveRooms)
    .set({ sessionOpen: false, isLive: false, autoEndAt: null })
    .where(lte(liveRooms.autoEndAt, now))
    .returning({ anchorId: liveRooms.anchorId });
  const ended = rows.map((r) => r.anchorId);
  await closeSessions(db, ended, now);
  return ended;
}
