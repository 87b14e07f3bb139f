import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_FRAME, type Frame } from '../../lib/realtime/protocol.ts';
import { createRooms, type Member } from './rooms.ts';

function member() {
  const got: Buffer[] = [];
  return { got, sendRaw: (payload: Buffer) => got.push(payload) } satisfies Member & {
    got: Buffer[];
  };
}

const say = (n: number): Frame => ({ type: SERVER_FRAME.say, data: { n } });

describe('rooms', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a frame of a quiet room in the same turn, alone', async () => {
    const rooms = createRooms(100);
    const a = member();
    rooms.join('r:1', a);
    rooms.deliver('r:1', say(1));
    await new Promise((r) => setTimeout(r, 5));
    expect(a.got.map((b) => JSON.parse(b.toString()) as Frame)).toEqual([say(1)]);
    rooms.close();
  });

  it('batches a busy room to one message per tick, the same bytes for every member', () => {
    vi.useFakeTimers();
    const rooms = createRooms(100);
    const a = member();
    const b = member();
    rooms.join('r:1', a);
    rooms.join('r:1', b);
    rooms.join('r:2', member());
    for (let i = 0; i < 50; i++) rooms.deliver('r:1', say(i));
    vi.advanceTimersByTime(0);
    expect(a.got).toHaveLength(1);
    for (let i = 50; i < 100; i++) rooms.deliver('r:1', say(i));
    vi.advanceTimersByTime(50);
    expect(a.got).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(a.got).toHaveLength(2);
    expect(a.got[1]).toBe(b.got[1]);
    const batch = JSON.parse(a.got[1]!.toString()) as Frame<string, Frame[]>;
    expect(batch.type).toBe(SERVER_FRAME.batch);
    expect(batch.data.map((f) => (f.data as { n: number }).n)).toEqual(
      [...Array(50).keys()].map((i) => i + 50),
    );
    rooms.close();
  });

  it('forgets empty rooms and delivers nothing to those who left', () => {
    vi.useFakeTimers();
    const rooms = createRooms(10);
    const a = member();
    rooms.join('r:1', a);
    rooms.leave('r:1', a);
    rooms.deliver('r:1', say(1));
    vi.advanceTimersByTime(20);
    expect(a.got).toHaveLength(0);
    expect(rooms.count()).toBe(0);
  });
});
