/** A team's page: who it is, where it plays, its results, fixtures, form and latest line-up. */
import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/locale.ts';
import { isMatchLineups, type TeamLineup } from '../../lib/sports/match-centre.ts';
import type { Db } from '../db/index.ts';
import { leagues, matchDetails, matches, MATCH_STATUS, teams } from '../db/schema.ts';
import { listTeamMatches, type MatchCard } from './matches.ts';

/** Result of a finished match for one side. */
export type Outcome = 'W' | 'D' | 'L';

/** Everything /teamInfo shows. */
export interface TeamPage {
  id: number;
  sportId: number;
  name: string;
  color: string;
  /** Uploaded crest, or null. */
  crest: string | null;
  /** Competitions it plays in, most matches first. */
  leagues: { id: number; name: string }[];
  /** Finished matches, latest first. */
  recent: MatchCard[];
  /** Live and scheduled matches, soonest first. */
  upcoming: MatchCard[];
  /** Outcomes of the last five results, latest first. */
  form: Outcome[];
  /** Wins, draws and losses over the recent results. */
  record: Record<Outcome, number>;
  /** The team sheet of its latest match that has one. */
  lineup: TeamLineup | null;
}

/** The outcome of a finished match for `teamId`. */
export function outcomeFor(match: MatchCard, teamId: number): Outcome {
  const home = match.home.id === teamId;
  const mine = (home ? match.homeScore : match.awayScore) ?? 0;
  const theirs = (home ? match.awayScore : match.homeScore) ?? 0;
  return mine > theirs ? 'W' : mine < theirs ? 'L' : 'D';
}

async function latestLineup(db: Db, teamId: number): Promise<TeamLineup | null> {
  const rows = await db
    .select({ home: matches.homeTeamId, lineups: matchDetails.lineups })
    .from(matchDetails)
    .innerJoin(matches, eq(matches.id, matchDetails.matchId))
    .where(or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)))
    .orderBy(desc(matches.startTime));
  for (const row of rows) {
    if (isMatchLineups(row.lineups))
      return row.home === teamId ? row.lineups.home : row.lineups.away;
  }
  return null;
}

/** The team page data, or undefined for an unknown id. */
export async function getTeamPage(
  db: Db,
  id: number,
  locale: Locale,
  limit = 8,
): Promise<TeamPage | undefined> {
  const [team] = await db.select().from(teams).where(eq(teams.id, id));
  if (!team) return undefined;
  const zh = locale === 'zh-CN';
  const all = await listTeamMatches(db, id, locale);
  const counts = new Map<number, number>();
  for (const m of all) counts.set(m.leagueId, (counts.get(m.leagueId) ?? 0) + 1);
  const leagueRows = counts.size
    ? await db
        .select()
        .from(leagues)
        .where(inArray(leagues.id, [...counts.keys()]))
    : [];
  const recent = all
    .filter((m) => m.status === MATCH_STATUS.finished)
    .reverse()
    .slice(0, limit);
  return {
    id: team.id,
    sportId: team.sportId,
    name: zh ? team.nameZh : team.nameEn,
    color: team.color,
    crest: team.crest,
    leagues: leagueRows
      .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0))
      .map((l) => ({ id: l.id, name: zh ? l.nameZh : l.nameEn })),
    recent,
    upcoming: all
      .filter((m) => m.status !== MATCH_STATUS.finished && m.status !== MATCH_STATUS.cancelled)
      .slice(0, limit),
    form: recent.slice(0, 5).map((m) => outcomeFor(m, id)),
    record: {
      W: recent.filter((m) => outcomeFor(m, id) === 'W').length,
      D: recent.filter((m) => outcomeFor(m, id) === 'D').length,
      L: recent.filter((m) => outcomeFor(m, id) === 'L').length,
    },
    lineup: await latestLineup(db, id),
  };
}
