/** The replay on screen: its view count, counted once when playback first starts. */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { replaysApi } from '../replays/api.ts';

/** Views of the replay on screen; null until counted. */
export const $replayViews = atom<number | null>(null);

let counted = 0;

/** Counts one view of replay `id` (once per page); the server limits repeats per viewer. */
export async function countReplayView(id: number): Promise<void> {
  if (counted === id) return;
  counted = id;
  try {
    const { views } = await send(replaysApi.view, { replay_id: id });
    $replayViews.set(views);
  } catch {
    // A lost count is not worth bothering the viewer about.
  }
}
