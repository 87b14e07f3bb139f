import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  FRAME_INDEX_MS,
  FRAMES_DIR,
  currentFrames,
  frameName,
  invalidateFrameIndex,
  liveCover,
  newestFrames,
  parseFrameName,
} from './frames.ts';

let mediaDir: string | undefined;
afterEach(() => {
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
  mediaDir = undefined;
  invalidateFrameIndex();
});

/** A MEDIA_DIR whose frames folder holds `names`. */
function withFrames(names: string[]): string {
  mediaDir = mkdtempSync(path.join(tmpdir(), 'frames-'));
  mkdirSync(path.join(mediaDir, FRAMES_DIR));
  for (const name of names) writeFileSync(path.join(mediaDir, FRAMES_DIR, name), 'jpeg');
  return mediaDir;
}

describe('frame names', () => {
  it('carry the anchor and the time, and nothing else passes', () => {
    const name = frameName(42, 1_795_000_000_000);
    expect(name).toBe('42-1795000000000.jpg');
    expect(parseFrameName(name)).toEqual({ anchorId: 42, at: 1_795_000_000_000 });
    expect(parseFrameName('.42-77.tmp.jpg')).toBeNull();
    expect(parseFrameName('../42-1795000000000.jpg')).toBeNull();
  });
});

describe('newestFrames', () => {
  it('keeps the newest frame of each anchor', () => {
    const dir = withFrames([frameName(1, 1e12), frameName(1, 2e12), frameName(2, 1.5e12), 'x.txt']);
    const frames = newestFrames(path.join(dir, FRAMES_DIR));
    expect(frames.get(1)).toEqual({ name: frameName(1, 2e12), at: 2e12 });
    expect(frames.get(2)?.at).toBe(1.5e12);
    expect(frames.size).toBe(2);
    expect(newestFrames(path.join(dir, 'missing')).size).toBe(0);
  });
});

describe('liveCover', () => {
  const now = 1_795_000_000_000;
  const room = { anchorId: 7, isLive: true, cover: '/uploads/2026/11/a.webp', ticket: 0 };

  it('is the newest frame of a live room while it is under a minute old', () => {
    const dir = withFrames([frameName(7, now - 40_000), frameName(7, now - 10_000)]);
    expect(liveCover(room, dir, now)).toBe(`/frames/${frameName(7, now - 10_000)}`);
  });

  it('is the cover of a live that sells tickets: its frames are the paid video', () => {
    const dir = withFrames([frameName(7, now - 10_000)]);
    expect(liveCover({ ...room, ticket: 1 }, dir, now)).toBe(room.cover);
  });

  it('is the cover offline, without a frame, or with a stale one', () => {
    const dir = withFrames([frameName(7, now - 10_000), frameName(8, now - 90_000)]);
    expect(liveCover({ ...room, isLive: false }, dir, now)).toBe(room.cover);
    expect(liveCover({ ...room, anchorId: 9 }, dir, now)).toBe(room.cover);
    expect(liveCover({ ...room, anchorId: 8 }, dir, now)).toBe(room.cover);
    expect(liveCover(room, undefined, now)).toBe(room.cover);
  });

  it('reads the folder again only after FRAME_INDEX_MS', () => {
    const dir = withFrames([frameName(7, now - 10_000)]);
    const folder = path.join(dir, FRAMES_DIR);
    expect(currentFrames(folder, now).get(7)?.at).toBe(now - 10_000);
    writeFileSync(path.join(folder, frameName(7, now)), 'jpeg');
    expect(currentFrames(folder, now + 1).get(7)?.at).toBe(now - 10_000);
    expect(currentFrames(folder, now + FRAME_INDEX_MS).get(7)?.at).toBe(now);
  });
});
