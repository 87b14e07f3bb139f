/**
 * An exact delivery count for the realtime benchmark: every chat message's content is
 * `b:<send time in ms>`, so counting sends and receipts by send time tells, once the room has
 * drained, which of the messages sent in the window each probe received, whatever arrived late
 * or early around the window's edges.
 */
import type { WebSocket } from 'ws';

/** Messages by send time (ms): several may share one millisecond. */
export type Tally = Map<number, number>;

/** Counts one message sent at `ms`. */
export function count(tally: Tally, ms: number): void {
  tally.set(ms, (tally.get(ms) ?? 0) + 1);
}

/** A tally of the chat messages `ws` receives from now on, read from its raw frames. */
export function tallyOf(ws: WebSocket): Tally {
  const tally: Tally = new Map();
  ws.on('message', (raw: Buffer) => {
    for (const m of raw.toString().matchAll(/"b:(\d+)"/g)) count(tally, Number(m[1]));
  });
  return tally;
}

/** Share of the messages `sent` in [from, to) that reached each of `received`, all together. */
export function receivedShare(sent: Tally, received: Tally[], from: number, to: number): number {
  let expected = 0;
  let got = 0;
  for (const [ms, n] of sent) {
    if (ms < from || ms >= to) continue;
    expected += n * received.length;
    for (const tally of received) got += Math.min(n, tally.get(ms) ?? 0);
  }
  return expected ? got / expected : NaN;
}
