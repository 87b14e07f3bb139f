/**
 * The hub in the metrics: frames in by type, frames refused by error code, frames written out
 * (a plain count: a room's message is written to thousands of sockets) and rooms open.
 */
import { CLIENT_FRAME } from '../../lib/realtime/protocol/index.ts';
import { counter, counterFrom } from '../metrics.ts';

const KNOWN_TYPES = new Set<string>(Object.values(CLIENT_FRAME));

const framesIn = counter(
  'im_frames_in_total',
  'Frames received from hub sockets, by type (unknown: a type this server does not know; bad: not a frame)',
  ['type'],
);

const refused = counter(
  'im_frames_refused_total',
  'Error frames sent back to hub sockets, by error code (flood, bad frame, chat rules, balance ...)',
  ['code'],
);

let written = 0;
counterFrom('im_frames_out_total', 'Frames written to hub sockets', () => written);

/** Counts a frame received; `type` undefined for bytes that were not a frame. */
export function countFrameIn(type: string | undefined): void {
  framesIn.inc({ type: type === undefined ? 'bad' : KNOWN_TYPES.has(type) ? type : 'unknown' });
}

/** Counts an error frame sent back. */
export function countRefusal(code: number): void {
  refused.inc({ code: String(code) });
}

/** Counts a frame written to one socket. */
export function countFrameOut(): void {
  written += 1;
}
