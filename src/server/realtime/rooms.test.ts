import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_FRAME, type Frame, type ServerFrame } from '../../lib/realtime/protocol/index.ts';
import { createRooms, type Member } from './rooms.ts';

function member() {
  const got: Buffer[] = [];
  return { got, sendRaw: (payload: Buffer) => got.push(payload) } satisfies Member & {
    got: Buffer[];
  };
}

/** Frame number `n` (any typed frame will do: the rooms only pass bytes on). */
const numbered = (n: number): ServerFrame => ({ type: SERVER_FRAME.deleteMsg, data: { id: n } });

describe('rooms', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a frame of a quiet room in the same turn, alone', async () => {
    const rooms = createRooms({ tickMs: 100 });
    const a = member();
    rooms.join('r:1', a);
    rooms.deliver('r:1', numbered(1));
    await new Promise((r) => setTimeout(r, 5));
    expect(a.got.map((b) => JSON.parse(b.toString()) as Frame)).toEqual([numbered(1)]);
    rooms.close();
  });

  it('batches a busy room to one message per tick, the same bytes for every member', () => {
    vi.useFakeTimers();
    const rooms = createRooms({ tickMs: 100 });
    const a = member();
    const b = member();
    rooms.join('r:1', a);
    rooms.join('r:1', b);
    rooms.join('r:2', member());
    for (let i = 0; i < 50; i++) rooms.deliver('r:1', numbered(i));
    vi.advanceTimersByTime(0);
    expect(a.got).toHaveLength(1);
    for (let i = 50; i < 100; i++) rooms.deliver('r:1', numbered(i));
    vi.advanceTimersByTime(50);
    expect(a.got).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(a.got).toHaveLength(2);
    expect(a.got[1]).toBe(b.got[1]);
    const batch = JSON.parse(a.got[1]!.toString()) as Frame<string, Frame[]>;
    expect(batch.type).toBe(SERVER_FRAME.batch);
    expect(batch.data.map((f) => (f.data as { id: number }).id)).toEqual(
      [...Array(50).keys()].map((i) => i + 50),
    );
    rooms.close();
  });

  it('forgets empty rooms and delivers nothing to those who left', () => {
    vi.useFakeTimers();
    const rooms = createRooms({ tickMs: 10 });
    const a = member();
    rooms.join('r:1', a);
    rooms.leave('r:1', a);
    rooms.deliver('r:1', numbered(1));
    vi.advanceTimersByTime(20);
    expect(a.got).toHaveLength(0);
    expect(rooms.count()).toBe(0);
  });
  it('flushes a big room one shard per turn, each member once per tick, every frame in order', () => {
    vi.useFakeTimers();
    const rooms = createRooms({ tickMs: 100, shardSize: 2 });
    const all = Array.from({ length: 5 }, () => member());
    for (const m of all) rooms.join('r:1', m);
    const received = (m: ReturnType<typeof member>) =>
      m.got.flatMap((b) => {
        const f = JSON.parse(b.toString()) as Frame<string, Frame[]>;
        return (f.type === SERVER_FRAME.batch ? f.data : [f]).map(
          (x) => (x.data as { id: number }).id,
        );
      });

    rooms.deliver('r:1', numbered(0));
    // Three shards (2 + 2 + 1): one is flushed per event-loop turn (a fake turn takes 1 ms).
    vi.advanceTimersByTime(0);
    expect(all.map((m) => m.got.length)).toEqual([1, 1, 0, 0, 0]);
    vi.advanceTimersByTime(1);
    expect(all.map((m) => m.got.length)).toEqual([1, 1, 1, 1, 0]);
    vi.advanceTimersByTime(1);
    expect(all.map((m) => m.got.length)).toEqual([1, 1, 1, 1, 1]);

    // Busy: frames arriving between flushes wait for each shard's tick, then go together.
    for (let i = 1; i <= 30; i++) {
      rooms.deliver('r:1', numbered(i));
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(200);
    for (const m of all) {
      expect(received(m)).toEqual([...Array(31).keys()]);
      // 300 ms of frames after the first: at most one message per 100 ms tick.
      expect(m.got.length).toBeLessThanOrEqual(1 + 4);
    }
    // Members flushed together share the same bytes.
    expect(all[0]!.got.at(-1)).toBe(all[1]!.got.at(-1));
    rooms.close();
  });

  it('keeps frames for a shard that has not had them, and drops them once every shard has', () => {
    vi.useFakeTimers();
    const rooms = createRooms({ tickMs: 100, shardSize: 1 });
    const a = member();
    const b = member();
    rooms.join('r:1', a);
    rooms.join('r:1', b);
    rooms.deliver('r:1', numbered(1));
    vi.advanceTimersByTime(0);
    expect([a.got.length, b.got.length]).toEqual([1, 0]);
    // b leaves before its shard's turn: nothing is sent to it, a later member starts fresh.
    rooms.leave('r:1', b);
    vi.advanceTimersByTime(200);
    expect(b.got).toHaveLength(0);
    const c = member();
    rooms.join('r:1', c);
    rooms.deliver('r:1', numbered(2));
    vi.advanceTimersByTime(200);
    expect(c.got.map((p) => JSON.parse(p.toString()) as Frame)).toEqual([numbered(2)]);
    expect(a.got.map((p) => JSON.parse(p.toString()) as Frame)).toEqual([numbered(1), numbered(2)]);
    rooms.close();
  });
});
