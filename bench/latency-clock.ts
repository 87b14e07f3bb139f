/**
 * The latency benchmark's clock, shared by its RTMP and WebRTC cases so their figures compare:
 * ffmpeg draws the frame number as 16 blocks in the picture's top strip (frame n leaves at the
 * moment ffmpeg was started + n / 25 s, paced by `-re`), and the page reads the strip off every
 * frame on screen; delay = the wall clock then − when ffmpeg sent that frame.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

export const FPS = 25;

/**
 * ffmpeg's lavfi source: a 640x360 test picture with the frame number as 16 bits (40 px blocks,
 * white = 1) in a dark top strip. Each block is a drawbox shown on the frames whose bit is set
 * (cheap enough to run far faster than real time, so `-re` keeps the clock).
 */
export function clockSource(seconds: number): string {
  const bits = Array.from(
    { length: 16 },
    (_, i) =>
      `drawbox=x=${i * 40}:y=0:w=40:h=60:color=white:t=fill:enable='mod(floor(n/${2 ** i}),2)'`,
  );
  const strip = 'drawbox=x=0:y=0:w=640:h=60:color=black:t=fill';
  return `testsrc2=s=640x360:r=${FPS}:d=${seconds},${strip},${bits.join(',')}`;
}

/** The picture's encoding in every case: x264 for live, 1.5 Mb/s, `gop` frames per keyframe. */
export function x264Args(gop: number): string[] {
  return [
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
    ...['-b:v', '1500k', '-pix_fmt', 'yuv420p', '-g', String(gop)],
  ];
}

/** One frame as the page first showed it: its number and the wall clock then (ms). */
export interface Shown {
  frame: number;
  at: number;
}

/**
 * Reads the strip of the `<video>` matching `selector` on every animation frame for `seconds`.
 */
export function readShown(page: Page, selector: string, seconds: number): Promise<Shown[]> {
  return page.evaluate(
    ({ ms, selector }) =>
      new Promise<{ frame: number; at: number }[]>((resolve) => {
        const video = document.querySelector<HTMLVideoElement>(selector)!;
        const canvas = document.createElement('canvas');
        canvas.width = 640;
        canvas.height = 360;
        const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
        const out: { frame: number; at: number }[] = [];
        const end = performance.now() + ms;
        const tick = () => {
          ctx.drawImage(video, 0, 0, 640, 360);
          const row = ctx.getImageData(0, 30, 640, 1).data;
          let frame = 0;
          for (let bit = 0; bit < 16; bit++) {
            if (row[(bit * 40 + 20) * 4]! > 128) frame |= 1 << bit;
          }
          out.push({ frame, at: Date.now() });
          if (performance.now() < end) requestAnimationFrame(tick);
          else resolve(out);
        };
        requestAnimationFrame(tick);
      }),
    { ms: seconds * 1000, selector },
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;
}

/** The delays of a case: frames measured, median, 95th percentile and least delay (ms). */
export interface Delays {
  samples: number;
  /** Frames whose strip read as a number not yet sent (a damaged picture): not counted. */
  misread: number;
  p50: number;
  p95: number;
  min: number;
}

/** When frame n was due by the clock: `started` (ffmpeg's spawn) + n / FPS s. */
export function clockDue(started: number): (frame: number) => number {
  return (frame) => started + (frame * 1000) / FPS;
}

/**
 * One sample per distinct frame, at the moment it first appeared, against `sentAt(frame)`: when
 * it was due by the clock (clockDue), or when it really left ffmpeg where that is known.
 */
export function delays(shown: Shown[], sentAt: (frame: number) => number | undefined): Delays {
  const seen = new Set<number>();
  const all: number[] = [];
  let misread = 0;
  for (const s of shown) {
    if (seen.has(s.frame)) continue;
    seen.add(s.frame);
    const sent = sentAt(s.frame);
    const delay = sent === undefined ? -1 : s.at - sent;
    if (delay < 0) misread += 1;
    else all.push(delay);
  }
  all.sort((a, b) => a - b);
  return {
    samples: all.length,
    misread,
    p50: Math.round(percentile(all, 50)),
    p95: Math.round(percentile(all, 95)),
    min: Math.round(all[0] ?? NaN),
  };
}

/** Busy and total ticks of all the machine's cores so far (/proc/stat). */
export function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const n = line.split(/\s+/).slice(1).map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - n[3]! - n[4]!, total };
}

/** Share of all the machine's cores busy since `from` (a machineTicks() reading). */
export function busySince(from: { busy: number; total: number }): number {
  const now = machineTicks();
  return (now.busy - from.busy) / (now.total - from.total);
}
