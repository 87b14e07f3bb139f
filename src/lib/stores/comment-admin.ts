/**
 * Comment management: the rooms the user moderates, the chosen room's latest messages and bans,
 * and the delete and unban actions (each answered by the server, then reloaded from it).
 */
import { atom } from 'nanostores';
import { call } from '../api/client.ts';
import type { Announcement } from '../live/announcement.ts';
import { showToast } from './toast.ts';

/** A room the user may moderate, as GET /api/live/managed_rooms returns it. */
export interface ManagedRoom {
  anchor_id: number;
  nick_name: string;
  title: string;
  is_live: 0 | 1;
  own: 0 | 1;
}

/** A chat message as GET /api/live/comments lists it. */
export interface ManagedMessage {
  id: number;
  user_id: number;
  nick_name: string;
  content: string;
  /** Unix ms. */
  time: number;
  deleted: boolean;
}

/** An active ban. */
export interface ManagedBan {
  id: number;
  user_id: number;
  nick_name: string;
  reason: string;
  /** Unix ms, or null when permanent. */
  until: number | null;
  time: number;
}

/** Where the page is: rooms loading, ready, or failed. */
export type CommentAdminState = 'loading' | 'ready' | 'error';

export const $managedRooms = atom<ManagedRoom[]>([]);
export const $roomsState = atom<CommentAdminState>('loading');
export const $selectedRoom = atom<number | null>(null);
export const $comments = atom<{
  messages: ManagedMessage[];
  bans: ManagedBan[];
  /** The room's announcement and contacts as saved. */
  announcement: Announcement;
}>({
  messages: [],
  bans: [],
  announcement: { content: '', contact: [] },
});
export const $commentsState = atom<CommentAdminState>('loading');
/** Message or ban ids with an action under way. */
export const $pending = atom<ReadonlySet<string>>(new Set());

/** Loads the rooms and selects `preferred` when the user moderates it, else the first. */
export async function loadManagedRooms(preferred?: number): Promise<void> {
  $roomsState.set('loading');
  try {
    const rooms = await call<ManagedRoom[]>('get', '/api/live/managed_rooms');
    $managedRooms.set(rooms);
    $roomsState.set('ready');
    const pick = rooms.find((r) => r.anchor_id === preferred) ?? rooms[0];
    if (pick) await selectRoom(pick.anchor_id);
  } catch {
    $roomsState.set('error');
  }
}

/** Shows room `anchorId`'s messages and bans. */
export async function selectRoom(anchorId: number): Promise<void> {
  $selectedRoom.set(anchorId);
  await reloadComments();
}

/** Reloads the selected room's messages and bans. */
export async function reloadComments(): Promise<void> {
  const anchorId = $selectedRoom.get();
  if (anchorId === null) return;
  $commentsState.set('loading');
  try {
    $comments.set(await call('get', '/api/live/comments', { anchor_id: anchorId }));
    if ($selectedRoom.get() === anchorId) $commentsState.set('ready');
  } catch {
    $commentsState.set('error');
  }
}

async function act(key: string, path: string, body: Record<string, unknown>, done: string) {
  if ($pending.get().has(key)) return;
  $pending.set(new Set([...$pending.get(), key]));
  try {
    await call('post', path, body);
    showToast(done);
    await reloadComments();
  } catch (err) {
    showToast((err as Error).message);
  } finally {
    const next = new Set($pending.get());
    next.delete(key);
    $pending.set(next);
  }
}

/** Deletes message `id` of the selected room for everyone; `done` is the success toast. */
export function deleteComment(id: number, done: string): Promise<void> {
  return act(`m${id}`, '/api/live/delete_comment', { anchor_id: $selectedRoom.get(), id }, done);
}

/** Lifts the ban of `uid` in the selected room. */
export function unbanUser(uid: number, done: string): Promise<void> {
  return act(`b${uid}`, '/api/live/unban', { anchor_id: $selectedRoom.get(), uid }, done);
}

/**
 * Saves the selected room's announcement and contacts (viewers in the room see it at once);
 * resolves with the server's refusal message, or null when saved.
 */
export async function saveAnnouncement(
  announcement: Announcement,
  done: string,
): Promise<string | null> {
  const anchorId = $selectedRoom.get();
  if (anchorId === null || $pending.get().has('announce')) return null;
  $pending.set(new Set([...$pending.get(), 'announce']));
  try {
    const saved = await call<Announcement>('post', '/api/live/room_announcement', {
      anchor_id: anchorId,
      ...announcement,
    });
    $comments.set({ ...$comments.get(), announcement: saved });
    showToast(done, 'success');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    const next = new Set($pending.get());
    next.delete('announce');
    $pending.set(next);
  }
}
