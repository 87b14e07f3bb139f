import { describe, expect, it } from 'vitest';
import { SERVER_FRAME, type ServerFrame } from '../realtime/protocol/index.ts';
import type { MatchLineups, MatchStats, TextLine } from './match-centre.ts';
import {
  applyMatchLive,
  isIgnoredPayload,
  matchLiveFrames,
  MAX_TEXT_LINES,
  payloadText,
  readMatchLive,
  type MatchLiveState,
} from './match-live-apply.ts';

const state: MatchLiveState = {
  matchId: 7,
  status: 1,
  homeScore: 1,
  awayScore: 0,
  lines: [{ id: 1, minute: 5, kind: 'info', zh: '开场', en: 'Early days' }],
  stats: null,
  lineups: null,
};

const line: TextLine = { id: 2, minute: 23, kind: 'goal', zh: '球进了！', en: 'GOAL!' };
const frame = (kind: string, value: unknown, matchId = 7) => ({
  matchId,
  kind,
  payload: typeof value === 'string' ? value : JSON.stringify(value),
});

describe('the 4-character rule', () => {
  it('ignores payloads of 4 characters or fewer, as text or as JSON', () => {
    for (const p of ['', 'null', '{}', '[]', '1234', 'abcd', 0, null, {}, [], undefined]) {
      expect(isIgnoredPayload(p), JSON.stringify(p)).toBe(true);
    }
    for (const p of ['12345', '{"a":1}', { a: 1 }, [1, 2, 3]]) {
      expect(isIgnoredPayload(p), JSON.stringify(p)).toBe(false);
    }
  });

  it('counts characters, not bytes', () => {
    expect(payloadText('进球进球')).toHaveLength(4);
    expect(isIgnoredPayload('进球进球')).toBe(true);
    expect(isIgnoredPayload('进球进球！')).toBe(false);
  });

  it('leaves the state alone for short payloads of every kind', () => {
    for (const kind of ['text', 'score', 'stats', 'lineup']) {
      expect(applyMatchLive(state, { matchId: 7, kind, payload: '{}' })).toBeNull();
      expect(applyMatchLive(state, { matchId: 7, kind, payload: 'null' })).toBeNull();
    }
  });
});

describe('readMatchLive', () => {
  it('reads JSON text payloads and object payloads alike', () => {
    expect(readMatchLive(frame('text', line))).toEqual({ matchId: 7, kind: 'text', value: line });
    expect(readMatchLive({ matchId: 7, kind: 'text', payload: line })?.value).toEqual(line);
  });

  it('ignores unknown kinds, bad ids, unreadable JSON and wrong shapes', () => {
    expect(readMatchLive(null)).toBeNull();
    expect(readMatchLive('text')).toBeNull();
    expect(readMatchLive(frame('chat', line))).toBeNull();
    expect(readMatchLive({ ...frame('text', line), matchId: '7' })).toBeNull();
    expect(readMatchLive(frame('text', '{"id": 3, broken'))).toBeNull();
    expect(readMatchLive(frame('text', { ...line, zh: '' }))).toBeNull();
    expect(readMatchLive(frame('text', { ...line, kind: 'dance' }))).toBeNull();
    expect(readMatchLive(frame('score', { home: -1, away: 0, status: 1 }))).toBeNull();
    expect(readMatchLive(frame('score', { home: 1, away: 0, status: 5 }))).toBeNull();
    expect(readMatchLive(frame('stats', { periods: [], items: [{ key: 'x' }] }))).toBeNull();
    expect(readMatchLive(frame('lineup', { home: {} }))).toBeNull();
  });
});

describe('applyMatchLive', () => {
  it('adds a text line, newest first, without touching the old state', () => {
    const next = applyMatchLive(state, frame('text', line));
    expect(next?.kind).toBe('text');
    expect(next?.state.lines.map((l) => l.id)).toEqual([2, 1]);
    expect(state.lines).toHaveLength(1);
  });

  it('orders lines by minute, so a late correction lands in its place', () => {
    const withGoal = applyMatchLive(state, frame('text', line))!.state;
    const late = { id: 3, minute: 10, kind: 'card', zh: '黄牌', en: 'Yellow card' };
    expect(applyMatchLive(withGoal, frame('text', late))?.state.lines.map((l) => l.id)).toEqual([
      2, 3, 1,
    ]);
  });

  it('ignores a line it already shows (a repeated frame after a reconnect)', () => {
    const once = applyMatchLive(state, frame('text', line))!.state;
    expect(applyMatchLive(once, frame('text', line))).toBeNull();
  });

  it('replaces a shown line with its correction, in its place', () => {
    const once = applyMatchLive(state, frame('text', line))!.state;
    const fixed = { ...line, minute: 24, en: 'GOAL! Header from a corner.' };
    const next = applyMatchLive(once, frame('text', fixed));
    expect(next?.kind).toBe('text');
    expect(next?.state.lines).toHaveLength(2);
    expect(next?.state.lines[0]).toEqual(fixed);
  });

  it('takes a removed line away and ignores the removal of one it does not show', () => {
    const once = applyMatchLive(state, frame('text', line))!.state;
    const next = applyMatchLive(once, frame('remove', { id: 2 }));
    expect(next?.kind).toBe('remove');
    expect(next?.state.lines.map((l) => l.id)).toEqual([1]);
    expect(applyMatchLive(next!.state, frame('remove', { id: 2 }))).toBeNull();
    expect(applyMatchLive(once, frame('remove', { id: 0 }))).toBeNull();
  });

  it('keeps the phase of a live match only', () => {
    const ht = applyMatchLive(state, frame('score', { home: 1, away: 0, status: 1, phase: 'ht' }));
    expect(ht?.state.phase).toBe('ht');
    const ft = applyMatchLive(
      ht!.state,
      frame('score', { home: 1, away: 0, status: 2, phase: 'ht' }),
    );
    expect(ft?.state.phase).toBeNull();
    expect(
      applyMatchLive(state, frame('score', { home: 1, away: 0, status: 1, phase: 'x' })),
    ).toBeNull();
  });

  it(`keeps at most ${MAX_TEXT_LINES} lines`, () => {
    let s = state;
    for (let i = 0; i < MAX_TEXT_LINES + 5; i += 1) {
      s = applyMatchLive(s, frame('text', { ...line, id: 100 + i, minute: i % 90 }))!.state;
    }
    expect(s.lines).toHaveLength(MAX_TEXT_LINES);
  });

  it('updates score and state', () => {
    const next = applyMatchLive(state, frame('score', { home: 2, away: 2, status: 2 }));
    expect(next).toMatchObject({ kind: 'score', state: { homeScore: 2, awayScore: 2, status: 2 } });
  });

  it('replaces statistics and line-ups', () => {
    const stats: MatchStats = {
      periods: [{ home: 1, away: 0 }],
      items: [{ key: 'shots', home: 4, away: 2 }],
    };
    expect(applyMatchLive(state, frame('stats', stats))?.state.stats).toEqual(stats);
    const team = {
      formation: '',
      coachEn: '',
      coachZh: '',
      starters: [{ no: '00', pos: 'PF', en: 'A Player', zh: '球员' }],
      bench: [],
    };
    const lineups: MatchLineups = { home: team, away: team };
    expect(applyMatchLive(state, frame('lineup', lineups))?.state.lineups).toEqual(lineups);
  });

  it('ignores frames of other matches', () => {
    expect(applyMatchLive(state, frame('text', line, 8))).toBeNull();
  });
});

describe('matchLiveFrames', () => {
  // Frames as they come off the wire, junk included.
  const wire = (value: unknown) => value as ServerFrame;

  it('finds matchLive data at the top level and inside batches', () => {
    const a = frame('text', line);
    const b = frame('score', { home: 1, away: 1, status: 1 });
    expect(matchLiveFrames(wire({ type: SERVER_FRAME.matchLive, data: a }))).toEqual([a]);
    expect(
      matchLiveFrames(
        wire({
          type: SERVER_FRAME.batch,
          data: [
            { type: SERVER_FRAME.say, data: {} },
            { type: SERVER_FRAME.matchLive, data: a },
            'junk',
            { type: SERVER_FRAME.matchLive, data: b },
          ],
        }),
      ),
    ).toEqual([a, b]);
    expect(matchLiveFrames({ type: SERVER_FRAME.pong, data: { time: 1 } })).toEqual([]);
  });
});
