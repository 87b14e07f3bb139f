/** The replay on screen: its view count, counted once when playback first starts. */
import { atom } from 'nanostores';
import { call } from '../api/client.ts';

/** Views of the replay on screen; null until counted. */
export const $replayViews = atom<number | null>(null);

let counted = 0;

/** Counts one view of replay `id` (once per page); the server limits repeats per viewer. */
export async function countReplayView(id: number): Promise<void> {
  if (counted === id) return;
  counted = id;
  try {
    const { views } = await call<{ views: number }>('post', '/api/live/replayView', {
      replay_id: id,
    });
    $replayViews.set(views);
  } catch {
    // A lost count is not worth bothering the viewer about.
  }
}
