import { describe, expect, it } from 'vitest';
import type { TrackLine, TrackWindow } from './api.ts';
import { TrackBuffer, WINDOW_MS } from './track.ts';

const line = (id: number, offset: number, source: 0 | 1 = 0) =>
  ({ id, offset_ms: offset, source, content: `l${id}` }) as TrackLine;

const answer = (lines: TrackLine[], to: number, more = false): TrackWindow => ({
  from_ms: 0,
  to_ms: to,
  more,
  duration_ms: 600_000,
  lines,
});

describe('TrackBuffer', () => {
  it('asks for the playhead window and the next, once each', () => {
    const b = new TrackBuffer(600_000);
    expect(b.wanted(45_000)).toEqual([30_000, 60_000]);
    b.claim(30_000);
    expect(b.wanted(45_000)).toEqual([60_000]);
    // Nothing past the end.
    expect(b.wanted(599_000)).toEqual([570_000]);
  });

  it('continues a window the server cut short and merges the parts', () => {
    const b = new TrackBuffer(600_000);
    b.claim(0);
    expect(b.add(0, answer([line(1, 100), line(2, 200)], 300, true))).toBe(300);
    expect(b.add(0, answer([line(3, 300), line(3, 300)], WINDOW_MS))).toBeNull();
    expect(b.between(0, WINDOW_MS).map((l) => l.id)).toEqual([1, 2, 3]);
  });

  it('gives the lines between two times and the last ones up to the playhead', () => {
    const b = new TrackBuffer(600_000);
    for (const start of [0, 30_000]) {
      b.claim(start);
      b.add(
        start,
        answer([line(start + 1, start + 10), line(start + 2, start + 20_000)], start + WINDOW_MS),
      );
    }
    expect(b.between(15, 30_015).map((l) => l.offset_ms)).toEqual([20_000, 30_010]);
    expect(b.upTo(30_010, 2).map((l) => l.offset_ms)).toEqual([20_000, 30_010]);
    b.insert(line(99, 25_000, 1));
    expect(b.between(20_000, 30_000).map((l) => l.id)).toEqual([2, 99]);
    // A deleted barrage line leaves; the live line of the same id stays (ids are per source).
    b.insert(line(2, 25_500, 1));
    expect(b.remove('1:2')).toBe(true);
    expect(b.remove('1:2')).toBe(false);
    expect(b.between(20_000, 30_000).map((l) => `${l.source}:${l.id}`)).toEqual(['0:2', '1:99']);
  });

  it('drops windows far from the playhead, so memory stays bounded', () => {
    const b = new TrackBuffer(7_200_000);
    for (let ms = 0; ms < 7_200_000; ms += 5_000) {
      for (const start of b.wanted(ms)) {
        b.claim(start);
        b.add(start, answer([line(start, start)], start + WINDOW_MS));
      }
      expect(b.trim(ms)).toBeLessThanOrEqual(4);
    }
  });
});
