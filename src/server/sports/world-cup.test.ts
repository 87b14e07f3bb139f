import { describe, expect, it } from 'vitest';
import type { MatchCard } from './matches.ts';
import { buildTables } from './world-cup.ts';

const team = (id: number) => ({ id, name: `T${id}`, color: '#000', crest: null });
const match = (home: number, away: number, score: [number, number] | null): MatchCard => ({
  id: home * 10 + away,
  sportId: 1,
  league: 'Cup',
  startTime: new Date(0),
  status: score ? 2 : 0,
  phase: null,
  home: team(home),
  away: team(away),
  homeScore: score?.[0] ?? null,
  awayScore: score?.[1] ?? null,
  liveRooms: [],
});

describe('buildTables', () => {
  it('counts finished matches only and orders by points, goal difference, goals', () => {
    const groups = [1, 2, 3, 4].map((id) => ({
      name: 'A',
      teamId: id,
      team: `T${id}`,
      color: '#000',
    }));
    const [table] = buildTables(groups, [
      match(1, 2, [2, 0]),
      match(3, 4, [1, 1]),
      match(1, 3, [0, 0]),
      match(4, 2, [3, 2]),
      match(2, 3, null),
    ]);
    expect(table!.name).toBe('A');
    expect(table!.rows.map((r) => [r.teamId, r.points, r.played])).toEqual([
      [1, 4, 2],
      [4, 4, 2],
      [3, 2, 2],
      [2, 0, 2],
    ]);
    expect(table!.rows[0]).toMatchObject({
      won: 1,
      drawn: 1,
      lost: 0,
      goalsFor: 2,
      goalsAgainst: 0,
    });
  });

  it('keeps groups apart and sorted by name', () => {
    const tables = buildTables(
      [
        { name: 'B', teamId: 3, team: 'T3', color: '#000' },
        { name: 'A', teamId: 1, team: 'T1', color: '#000' },
      ],
      [match(1, 3, [1, 0])],
    );
    expect(tables.map((t) => t.name)).toEqual(['A', 'B']);
    // A match between teams of different groups is not a group match.
    expect(tables[0]!.rows[0]!.played).toBe(0);
  });
});
