/**
 * Comment management: the rooms the user moderates, the chosen room's latest messages and bans,
 * and the delete and unban actions (each answered by the server, then reloaded from it).
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { commentsApi, type ManagedRoom, type RoomComments } from '../comments/api.ts';
import type { Announcement } from '../live/announcement.ts';
import { showToast } from './toast.ts';

export type { ManagedBan, ManagedMessage, ManagedRoom } from '../comments/api.ts';

/** Where the page is: rooms loading, ready, or failed. */
export type CommentAdminState = 'loading' | 'ready' | 'error';

export const $managedRooms = atom<ManagedRoom[]>([]);
export const $roomsState = atom<CommentAdminState>('loading');
export const $selectedRoom = atom<number | null>(null);
export const $comments = atom<RoomComments>({
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
    const rooms = await send(commentsApi.managedRooms);
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
    $comments.set(await send(commentsApi.comments, { anchor_id: anchorId }));
    if ($selectedRoom.get() === anchorId) $commentsState.set('ready');
  } catch {
    $commentsState.set('error');
  }
}

async function act(key: string, change: () => Promise<unknown>, done: string) {
  if ($pending.get().has(key)) return;
  $pending.set(new Set([...$pending.get(), key]));
  try {
    await change();
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
  const anchorId = $selectedRoom.get();
  if (anchorId === null) return Promise.resolve();
  return act(`m${id}`, () => send(commentsApi.deleteComment, { anchor_id: anchorId, id }), done);
}

/** Lifts the ban of `uid` in the selected room. */
export function unbanUser(uid: number, done: string): Promise<void> {
  const anchorId = $selectedRoom.get();
  if (anchorId === null) return Promise.resolve();
  return act(`b${uid}`, () => send(commentsApi.unban, { anchor_id: anchorId, uid }), done);
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
    const saved = await send(commentsApi.roomAnnouncement, {
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
