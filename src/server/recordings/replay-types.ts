/** What turning a recording into a replay needs and gives. */
import type { ObjectStore } from '../storage/store.ts';

/** Folders a recording is turned into a replay with. */
export interface ReplayFolders {
  /** MEDIA_DIR: recordings and ffmpeg's work folders are inside it. */
  mediaDir: string;
  /** Where the thumbnail is stored, as `uploads/YYYY/MM/<hex>.jpg`. */
  store: ObjectStore;
  /** Where the replay's playlist and segments are stored (replay-objects.ts). */
  media: ObjectStore;
}

/** What became of a recording. */
export type MadeReplay =
  | { outcome: 'made'; replayId: number; durationSec: number }
  /** A later push of a live that already had a replay: added to it. */
  | { outcome: 'joined'; replayId: number; durationSec: number }
  | { outcome: 'exists' }
  | { outcome: 'tooShort' }
  | { outcome: 'noLive' }
  | { outcome: 'claimed' }
  | { outcome: 'failed' };
