/** What turning a recording into a replay needs and gives. */

/** Folders a recording is turned into a replay with. */
export interface ReplayFolders {
  /** MEDIA_DIR: recordings and replay folders are inside it. */
  mediaDir: string;
  /** DATA_DIR: the thumbnail goes under its uploads folder. */
  dataDir: string;
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
