/**
 * Where a live's quality ladder lives: written by the media process under
 * `MEDIA_DIR/ladder/<anchorId>/` (beside nginx's `hls` folder, whose clean-up would delete a
 * master playlist written once), served by the site under `/hls/<anchorId>/`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HLS_PATH } from '../stream.ts';
import { MASTER_NAME } from './plan.ts';

/** The folder holding every live's ladder. */
export function ladderRoot(mediaDir: string): string {
  return path.join(mediaDir, 'ladder');
}

/** The ladder folder of one live. */
export function ladderDir(mediaDir: string, anchorId: number): string {
  return path.join(ladderRoot(mediaDir), String(anchorId));
}

/** The URL of a live's master playlist. */
export function ladderMasterUrl(anchorId: number): string {
  return `${HLS_PATH}${anchorId}/${MASTER_NAME}`;
}

const INGEST_SOURCE = /^\/hls\/(\d{1,10})\.m3u8$/;

/**
 * What the player should load for a stream URL of our ingest: the live's master playlist while
 * its ladder runs (the transcoder has written it), the source playlist otherwise.
 */
export function ingestPlaybackUrl(mediaDir: string, streamUrl: string): string {
  const match = INGEST_SOURCE.exec(streamUrl);
  if (!match) return streamUrl;
  const anchorId = Number(match[1]);
  return existsSync(path.join(ladderDir(mediaDir, anchorId), MASTER_NAME))
    ? ladderMasterUrl(anchorId)
    : streamUrl;
}

const LADDER_FILE = /^\/hls\/(\d{1,10})\/(master\.m3u8|\d{3,4}\.m3u8|\d{3,4}-\d{1,12}\.ts)$/;

/** The file behind a ladder URL (`/hls/<id>/<file>`), or null for any other path. */
export function ladderFile(mediaDir: string, pathname: string): string | null {
  const match = LADDER_FILE.exec(pathname);
  return match ? path.join(ladderDir(mediaDir, Number(match[1])), match[2]!) : null;
}
