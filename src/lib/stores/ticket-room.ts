/**
 * Entering a ticket-paid room: whether this viewer may watch (the server decides and only then
 * gives the stream), and paying the room's tickets. The room page, the chat panel and the
 * ticket dialog all follow `$roomEntry`.
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { createI18n } from '../i18n/index.ts';
import { loadBackpack } from './backpack.ts';
import { $locale } from './locale.ts';
import { showToast } from './toast.ts';
import { ticketsApi, type EntryState } from '../tickets/api.ts';

export type { EntryState } from '../tickets/api.ts';

/** Where this viewer stands: asking, must pay, may enter, or the check failed. */
export type RoomEntry =
  | { status: 'checking' }
  | { status: 'locked'; state: EntryState; paying: boolean; error: string }
  | { status: 'open'; state: EntryState }
  | { status: 'failed' };

/** Entry to the ticket room of this page; free rooms never use it. */
export const $roomEntry = atom<RoomEntry>({ status: 'checking' });

function settle(state: EntryState): void {
  $roomEntry.set(
    state.entered
      ? { status: 'open', state }
      : { status: 'locked', state, paying: false, error: '' },
  );
}

/** Asks the server whether this viewer may enter room `anchorId`. */
export async function checkEntry(anchorId: number): Promise<void> {
  $roomEntry.set({ status: 'checking' });
  try {
    settle(await send(ticketsApi.room, { anchor_id: anchorId }));
  } catch {
    $roomEntry.set({ status: 'failed' });
  }
}

/**
 * The room's stream URL asked again without changing `$roomEntry`: a ticket live's URL carries a
 * pass that runs out, and a viewer watching on needs a new one. '' when the viewer may no longer
 * watch (a new live they have not paid for) or the request failed.
 */
export async function renewStream(anchorId: number): Promise<string> {
  try {
    const state = await send(ticketsApi.room, { anchor_id: anchorId });
    return state.entered ? state.stream_url : '';
  } catch {
    return '';
  }
}

/** Pays the room's tickets (once per live; a repeat is free) and opens the room. */
export async function payEntry(anchorId: number): Promise<void> {
  const entry = $roomEntry.get();
  if (entry.status !== 'locked' || entry.paying) return;
  $roomEntry.set({ ...entry, paying: true, error: '' });
  try {
    const state = await send(ticketsApi.enter, { anchor_id: anchorId });
    settle(state);
    if (state.charged) showToast(createI18n($locale.get())('liveRoom.ticket.entered'), 'success');
    void loadBackpack().catch(() => {});
  } catch (error) {
    $roomEntry.set({
      ...entry,
      paying: false,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
