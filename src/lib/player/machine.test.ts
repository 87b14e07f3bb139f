import { describe, expect, it } from 'vitest';
import {
  INITIAL_STATE,
  transition,
  wantsMedia,
  type MachineEvent,
  type MachineState,
} from './machine.ts';

/** Runs events from a state and returns the states after each. */
function run(from: MachineState, ...events: MachineEvent['type'][]): string[] {
  const seen: string[] = [];
  let state = from;
  for (const type of events) {
    state = transition(state, { type });
    seen.push(`${state.status}:${state.attempt}`);
  }
  return seen;
}

describe('player state machine', () => {
  it('loads, plays, buffers and plays again', () => {
    expect(run(INITIAL_STATE, 'load', 'playing', 'waiting', 'playing')).toEqual([
      'loading:0',
      'playing:0',
      'loading:0',
      'playing:0',
    ]);
  });

  it('goes away on failures, counting them, and retries until it plays', () => {
    expect(run(INITIAL_STATE, 'load', 'fail', 'load', 'fail', 'load', 'playing')).toEqual([
      'loading:0',
      'away:1',
      'loading:1',
      'away:2',
      'loading:2',
      'playing:0',
    ]);
  });

  it('a stall while playing is a failure too, and a fail while away changes nothing', () => {
    const away = transition({ status: 'playing', attempt: 0 }, { type: 'fail' });
    expect(away).toEqual({ status: 'away', attempt: 1 });
    expect(transition(away, { type: 'fail' })).toBe(away);
    expect(transition(away, { type: 'waiting' })).toBe(away);
  });

  it('recovers to playing when media comes back by itself while away', () => {
    expect(transition({ status: 'away', attempt: 3 }, { type: 'playing' })).toEqual({
      status: 'playing',
      attempt: 0,
    });
  });

  it('shows not started when the room is offline and ignores media events then', () => {
    const offline = transition({ status: 'playing', attempt: 2 }, { type: 'offline' });
    expect(offline).toEqual({ status: 'notStarted', attempt: 0 });
    for (const type of ['load', 'playing', 'waiting', 'fail'] as const) {
      expect(transition(offline, { type })).toBe(offline);
    }
    expect(transition(offline, { type: 'online' })).toEqual({ status: 'loading', attempt: 0 });
  });

  it('keeps the same object when nothing changes', () => {
    const playing: MachineState = { status: 'playing', attempt: 0 };
    expect(transition(playing, { type: 'playing' })).toBe(playing);
    expect(transition(playing, { type: 'load' })).toBe(playing);
    expect(transition(playing, { type: 'online' })).toBe(playing);
    expect(transition(INITIAL_STATE, { type: 'waiting' })).toBe(INITIAL_STATE);
  });

  it('wants media only while loading or playing', () => {
    expect(
      ['idle', 'notStarted', 'loading', 'playing', 'away'].filter((s) => wantsMedia(s as never)),
    ).toEqual(['loading', 'playing']);
  });
});
