/**
 * Ticket-paid rooms: while a room with `ticket > 0` is live, viewers enter by paying that many
 * tickets (backpack type 105) once per live; the anchor, its managers and administrators enter
 * free. The entry is a `room_tickets` row keyed by the live's start time, so reloading, rejoining
 * or paying twice never charges again, and a new live asks again.
 */
import { and, eq } from 'drizzle-orm';
import { PROP_TYPE } from '../../lib/live/props.ts';
import { consumeItems, itemQuantity } from '../backpack/service.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, ROLE, roomTickets } from '../db/schema.ts';
import { roomModerators } from './chat.ts';

/** What the ticket dialog and the player need to know about entering a room. */
export interface EntryState {
  anchor_id: number;
  /** Tickets the room charges per live; 0 for a free room. */
  ticket: number;
  /** 1 while the room is live. */
  live: 0 | 1;
  /** True when this viewer must hold an entry (a ticket room that is live). */
  required: boolean;
  /** True when this viewer may watch and chat now. */
  entered: boolean;
  /** True for the anchor, its managers and administrators. */
  free: boolean;
  /** Tickets the viewer holds (0 for guests). */
  tickets: number;
  /** The stream, only once entered; '' otherwise. */
  stream_url: string;
}

/** The caller as the entry rules need it. */
export interface EntryUser {
  id: number;
  role: number;
}

/** The ticket terms of a room, or null when there is no such room. */
export async function roomTerms(db: Db, anchorId: number) {
  const rows = await db
    .select({
      ticket: liveRooms.ticket,
      isLive: liveRooms.isLive,
      startedAt: liveRooms.startedAt,
      streamUrl: liveRooms.streamUrl,
    })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  return rows[0] ?? null;
}

/** A room's ticket terms. */
export type RoomTerms = NonNullable<Awaited<ReturnType<typeof roomTerms>>>;

/** The start of the live an entry is needed for, or null when the room needs none now. */
export function ticketedLive(terms: Pick<RoomTerms, 'ticket' | 'isLive' | 'startedAt'>) {
  return terms.ticket > 0 && terms.isLive && terms.startedAt ? terms.startedAt : null;
}

/** True when the user holds an entry to the anchor's live that started at `liveStartedAt`. */
export async function hasEntry(
  db: Db,
  userId: number,
  anchorId: number,
  liveStartedAt: Date,
): Promise<boolean> {
  const rows = await db
    .select({ userId: roomTickets.userId })
    .from(roomTickets)
    .where(
      and(
        eq(roomTickets.userId, userId),
        eq(roomTickets.anchorId, anchorId),
        eq(roomTickets.liveStartedAt, liveStartedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function entersFree(db: Db, user: EntryUser, anchorId: number): Promise<boolean> {
  if (user.id === anchorId || user.role === ROLE.admin) return true;
  return (await roomModerators(db, anchorId)).has(user.id);
}

/** An entry state, and the ticket live whose video this viewer may fetch (null: none, or free). */
export interface EntryDetails {
  state: EntryState;
  /**
   * The start of the room's ticket live when its video needs a pass and this viewer may have
   * one (the anchor, a manager, an administrator, or a holder of an entry to that live).
   */
  passFor: Date | null;
}

/** The viewer's entry state for a room and what their video pass covers; null without a room. */
export async function entryDetails(
  db: Db,
  anchorId: number,
  user: EntryUser | null,
): Promise<EntryDetails | null> {
  const terms = await roomTerms(db, anchorId);
  if (!terms) return null;
  const live = ticketedLive(terms);
  // A ticket room's video stays behind passes between pushes of its live too (src/server/media/gate.ts).
  const video = terms.ticket > 0 ? terms.startedAt : null;
  const [free, granted, tickets] = await Promise.all([
    user ? entersFree(db, user, anchorId) : false,
    user && video ? hasEntry(db, user.id, anchorId, video) : false,
    user ? itemQuantity(db, user.id, { type: PROP_TYPE.ticket }) : 0,
  ]);
  const entered = !live || free || granted;
  return {
    state: {
      anchor_id: anchorId,
      ticket: terms.ticket,
      live: terms.isLive ? 1 : 0,
      required: live !== null && !free,
      entered,
      free,
      tickets,
      stream_url: entered ? terms.streamUrl : '',
    },
    passFor: video && (free || granted) ? video : null,
  };
}

/** The viewer's entry state for a room; null when the room does not exist. */
export async function entryState(
  db: Db,
  anchorId: number,
  user: EntryUser | null,
): Promise<EntryState | null> {
  return (await entryDetails(db, anchorId, user))?.state ?? null;
}

/** Why paying for entry was refused. */
export type BuyRefusal = 'noRoom' | 'notEnough';

class NotEnoughTickets extends Error {}

/**
 * Pays for entry to the room's current live: one transaction inserts the entry (a second
 * payment for the same live finds it and does nothing) and takes the tickets with a guarded
 * update; too few tickets roll both back. Free and already-entered viewers are never charged.
 */
export async function buyEntry(
  db: Db,
  anchorId: number,
  user: EntryUser,
): Promise<
  { ok: true; details: EntryDetails; charged: boolean } | { ok: false; reason: BuyRefusal }
> {
  const terms = await roomTerms(db, anchorId);
  if (!terms) return { ok: false, reason: 'noRoom' };
  const live = ticketedLive(terms);
  let charged = false;
  if (live && !(await entersFree(db, user, anchorId))) {
    try {
      charged = await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(roomTickets)
          .values({ userId: user.id, anchorId, liveStartedAt: live, tickets: terms.ticket })
          .onConflictDoNothing()
          .returning({ userId: roomTickets.userId });
        if (inserted.length === 0) return false;
        const left = await consumeItems(tx, {
          userId: user.id,
          type: PROP_TYPE.ticket,
          count: terms.ticket,
          kind: 'room_ticket',
          reference: `room:${anchorId}:${live.toISOString()}`,
        });
        if (left === null) throw new NotEnoughTickets();
        return true;
      });
    } catch (error) {
      if (error instanceof NotEnoughTickets) return { ok: false, reason: 'notEnough' };
      throw error;
    }
  }
  const details = await entryDetails(db, anchorId, user);
  return details ? { ok: true, details, charged } : { ok: false, reason: 'noRoom' };
}
