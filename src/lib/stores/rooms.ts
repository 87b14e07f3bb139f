/** Live state and heat of rooms, refreshed while a list page is open. */
import { map } from 'nanostores';
import { send } from '../api/client.ts';
import { liveApi, type RoomStatus } from '../live/api.ts';

export type { RoomStatus } from '../live/api.ts';

/** Room states by anchor id. */
export const $roomStatus = map<Record<string, RoomStatus>>({});

/** How often lists refresh. */
export const ROOM_REFRESH_MS = 30_000;

/** Fetches every room's state once; failures keep the last states. */
export async function refreshRoomStatus(): Promise<void> {
  try {
    const rows = await send(liveApi.rooms);
    $roomStatus.set(Object.fromEntries(rows.map((r) => [String(r.anchor_id), r])));
  } catch (err) {
    console.warn('room status refresh failed', err);
  }
}

/** Refreshes every 30 s and whenever the tab becomes visible; returns a stop function. */
export function watchRoomStatus(): () => void {
  const timer = setInterval(() => void refreshRoomStatus(), ROOM_REFRESH_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshRoomStatus();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
