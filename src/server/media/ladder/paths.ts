/**
 * Where a live's quality ladder lives: written by the media process under
 * `MEDIA_DIR/ladder/<anchorId>/` (beside nginx's `hls` folder, whose clean-up would delete a
 * master playlist written once), served by the site under `/hls/<anchorId>/` (on several
 * machines `/ingest/<name>/hls/<anchorId>/` through the balancer).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ingestPrefix } from '../ingests.ts';
import { HLS_PATH, parseIngestUrl } from '../stream.ts';
import { MASTER_NAME } from './plan.ts';

/** The folder holding every live's ladder. */
export function ladderRoot(mediaDir: string): string {
  return path.join(mediaDir, 'ladder');
}

/** The ladder folder of one live. */
export function ladderDir(mediaDir: string, anchorId: number): string {
  return path.join(ladderRoot(mediaDir), String(anchorId));
}

/** The URL of a live's master playlist on the ingest `ingestName` (null: one machine). */
export function ladderMasterUrl(anchorId: number, ingestName: string | null = null): string {
  return `${ingestPrefix(ingestName)}${HLS_PATH}${anchorId}/${MASTER_NAME}`;
}

/** True while the transcoder has written the live's master playlist in `mediaDir`. */
export function hasLadder(mediaDir: string, anchorId: number): boolean {
  return existsSync(path.join(ladderDir(mediaDir, anchorId), MASTER_NAME));
}

/**
 * What the player should load for a stream URL of our ingest: the live's master playlist while
 * its ladder runs (the transcoder has written it), the source playlist otherwise. On one machine
 * the ladder is looked for on this disk; a live pinned to an ingest machine (a prefixed URL)
 * already says which, since the process beside that ingest keeps the room's stream URL in step
 * with its ladder (sync.ts), so it is returned as it is.
 */
export function ingestPlaybackUrl(mediaDir: string, streamUrl: string): string {
  const parsed = parseIngestUrl(streamUrl);
  if (!parsed || parsed.ingest !== null || parsed.master) return streamUrl;
  return hasLadder(mediaDir, parsed.anchorId) ? ladderMasterUrl(parsed.anchorId) : streamUrl;
}

const LADDER_FILE = /^\/hls\/(\d{1,10})\/(master\.m3u8|\d{3,4}\.m3u8|\d{3,4}-\d{1,12}\.ts)$/;

/** The file behind a ladder URL (`/hls/<id>/<file>`), or null for any other path. */
export function ladderFile(mediaDir: string, pathname: string): string | null {
  const match = LADDER_FILE.exec(pathname);
  return match ? path.join(ladderDir(mediaDir, Number(match[1])), match[2]!) : null;
}
