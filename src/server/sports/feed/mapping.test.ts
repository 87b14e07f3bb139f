/** The provider's states and names as the import reads them. */
import { describe, expect, it } from 'vitest';
import { MATCH_STATUS } from '../../db/schema.ts';
import { colourOf, leagueKey, leagueKeys, mapState, teamKey, teamKeys } from './mapping.ts';
import type { FdMatch, FdStatus } from './provider.ts';

function match(
  status: FdStatus,
  score: Partial<FdMatch['score']> = {},
  fullTime: [number | null, number | null] = [null, null],
): FdMatch {
  const team = { id: 1, name: 'A' };
  return {
    id: 1,
    utcDate: '2026-11-28T15:00:00Z',
    status,
    competition: { id: 2021, name: 'Premier League', code: 'PL' },
    homeTeam: team,
    awayTeam: { ...team, id: 2 },
    score: {
      duration: 'REGULAR',
      fullTime: { home: fullTime[0], away: fullTime[1] },
      halfTime: { home: null, away: null },
      ...score,
    },
  };
}

describe('mapState', () => {
  it('maps each provider state to ours', () => {
    expect(mapState(match('SCHEDULED'))).toEqual({
      status: MATCH_STATUS.scheduled,
      phase: null,
      home: null,
      away: null,
    });
    expect(mapState(match('TIMED')).status).toBe(MATCH_STATUS.scheduled);
    expect(mapState(match('FINISHED', {}, [3, 1]))).toEqual({
      status: MATCH_STATUS.finished,
      phase: null,
      home: 3,
      away: 1,
    });
    expect(mapState(match('AWARDED', {}, [3, 0])).status).toBe(MATCH_STATUS.finished);
    expect(mapState(match('POSTPONED')).status).toBe(MATCH_STATUS.postponed);
    expect(mapState(match('SUSPENDED', {}, [1, 1]))).toMatchObject({
      status: MATCH_STATUS.postponed,
      home: 1,
    });
    expect(mapState(match('CANCELLED')).status).toBe(MATCH_STATUS.cancelled);
  });

  it('places a live match in its half, extra time or penalties', () => {
    expect(mapState(match('IN_PLAY'))).toEqual({ status: 1, phase: '1h', home: 0, away: 0 });
    expect(mapState(match('PAUSED', {}, [1, 0]))).toEqual({
      status: 1,
      phase: 'ht',
      home: 1,
      away: 0,
    });
    const second = match('IN_PLAY', { halfTime: { home: 1, away: 0 } }, [2, 0]);
    expect(mapState(second).phase).toBe('2h');
    expect(mapState(match('IN_PLAY', { duration: 'EXTRA_TIME' }, [1, 1])).phase).toBe('et');
    expect(mapState(match('IN_PLAY', { duration: 'PENALTY_SHOOTOUT' }, [1, 1])).phase).toBe('pen');
  });
});

describe('name keys', () => {
  it('meet across club words, case, accents and punctuation', () => {
    expect(teamKey('Arsenal FC')).toBe(teamKey('Arsenal'));
    expect(teamKey('SSC Napoli')).toBe(teamKey('napoli'));
    expect(teamKey('Brighton & Hove Albion FC')).toBe(teamKey('Brighton & Hove Albion'));
    expect(teamKey('Borussia Mönchengladbach')).toBe(teamKey('Borussia Monchengladbach'));
    expect(teamKey('Manchester City FC')).not.toBe(teamKey('Manchester United FC'));
    // A name of club words only keeps one.
    expect(teamKey('FC')).toBe('fc');
    expect(teamKeys({ id: 65, name: 'Manchester City FC', shortName: 'Man City' })).toEqual(
      new Set(['manchester city', 'man city']),
    );
  });

  it('know the free tier competitions by their other names', () => {
    const cl = leagueKeys({ id: 2001, name: 'UEFA Champions League', code: 'CL' });
    expect(cl.has(leagueKey('Champions League'))).toBe(true);
    expect(cl.has(leagueKey('UCL'))).toBe(true);
    const pd = leagueKeys({ id: 2014, name: 'Primera Division', code: 'PD' });
    expect(pd.has(leagueKey('La Liga'))).toBe(true);
    expect(pd.has(leagueKey('Serie A'))).toBe(false);
  });
});

describe('colourOf', () => {
  it('gives a team the same dark enough colour every time', () => {
    expect(colourOf(402)).toBe(colourOf(402));
    expect(colourOf(402)).not.toBe(colourOf(62));
    for (const id of [1, 57, 402, 99_999]) {
      const hex = colourOf(id);
      expect(hex).toMatch(/^#[0-9a-f]{6}$/);
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      // Relative luminance well below white initials' (1.0).
      expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!).toBeLessThan(170);
    }
  });
});
