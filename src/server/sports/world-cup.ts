/** The World Cup page's data: group tables from finished matches and the fixtures by day. */
import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/locale.ts';
import { siteDay } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { leagues, MATCH_STATUS, teams, tournamentGroups } from '../db/schema.ts';
import { listMatchesByLeague, type MatchCard } from './matches.ts';

/** One line of a group table. */
export interface Standing {
  teamId: number;
  name: string;
  color: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

/** A group and its table, best first. */
export interface GroupTable {
  name: string;
  rows: Standing[];
}

/** Everything /worldCup shows. */
export interface WorldCupPage {
  league: { id: number; name: string };
  groups: GroupTable[];
  /** Fixtures by site day (YYYY-MM-DD), in order. */
  days: { day: string; matches: MatchCard[] }[];
  /** Finished matches and their goals. */
  played: number;
  goals: number;
  total: number;
}

/** Orders a table: points, goal difference, goals scored, then name. */
export function compareStandings(a: Standing, b: Standing): number {
  return (
    b.points - a.points ||
    b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
    b.goalsFor - a.goalsFor ||
    a.name.localeCompare(b.name)
  );
}

/** Group tables from the finished matches of the teams in `groups`. */
export function buildTables(
  groups: { name: string; teamId: number; team: string; color: string }[],
  matches: MatchCard[],
): GroupTable[] {
  const rows = new Map<number, Standing & { group: string }>();
  for (const g of groups) {
    rows.set(g.teamId, {
      group: g.name,
      teamId: g.teamId,
      name: g.team,
      color: g.color,
      played: 0,
      won: 0,
      drawn: 0,
      lost: 0,
      goalsFor: 0,
      goalsAgainst: 0,
      points: 0,
    });
  }
  for (const m of matches) {
    if (m.status !== MATCH_STATUS.finished) continue;
    const home = rows.get(m.home.id);
    const away = rows.get(m.away.id);
    // Only group matches count: both teams in the same group.
    if (!home || !away || home.group !== away.group) continue;
    const [h, a] = [m.homeScore ?? 0, m.awayScore ?? 0];
    for (const [row, mine, theirs] of [
      [home, h, a],
      [away, a, h],
    ] as const) {
      row.played += 1;
      row.goalsFor += mine;
      row.goalsAgainst += theirs;
      if (mine > theirs) row.won += 1;
      else if (mine === theirs) row.drawn += 1;
      else row.lost += 1;
      row.points = row.won * 3 + row.drawn;
    }
  }
  const names = [...new Set(groups.map((g) => g.name))].sort();
  return names.map((name) => ({
    name,
    rows: [...rows.values()]
      .filter((r) => r.group === name)
      .map(({ group: _, ...standing }) => standing)
      .sort(compareStandings),
  }));
}

/** The tournament with groups (the first such league), or undefined when none is seeded. */
export async function getWorldCup(db: Db, locale: Locale): Promise<WorldCupPage | undefined> {
  const zh = locale === 'zh-CN';
  const groupRows = await db
    .select({
      leagueId: tournamentGroups.leagueId,
      name: tournamentGroups.groupName,
      teamId: teams.id,
      team: zh ? teams.nameZh : teams.nameEn,
      color: teams.color,
    })
    .from(tournamentGroups)
    .innerJoin(teams, eq(teams.id, tournamentGroups.teamId))
    .orderBy(asc(tournamentGroups.leagueId), asc(tournamentGroups.groupName));
  const leagueId = groupRows[0]?.leagueId;
  if (leagueId === undefined) return undefined;
  const [league] = await db.select().from(leagues).where(eq(leagues.id, leagueId));
  const fixtures = await listMatchesByLeague(db, leagueId, locale);
  const days = new Map<string, MatchCard[]>();
  for (const m of fixtures) {
    const day = siteDay(m.startTime);
    days.set(day, [...(days.get(day) ?? []), m]);
  }
  const finished = fixtures.filter((m) => m.status === MATCH_STATUS.finished);
  return {
    league: { id: leagueId, name: zh ? league!.nameZh : league!.nameEn },
    groups: buildTables(
      groupRows.filter((g) => g.leagueId === leagueId),
      fixtures,
    ),
    days: [...days].map(([day, matches]) => ({ day, matches })),
    played: finished.length,
    goals: finished.reduce((sum, m) => sum + (m.homeScore ?? 0) + (m.awayScore ?? 0), 0),
    total: fixtures.length,
  };
}
