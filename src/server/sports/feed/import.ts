/**
 * Importing a football-data.org v4 match list: leagues and teams are matched or created, matches
 * created or brought up to date, all in one transaction; then each change of score, state or
 * phase of a match that already existed goes out through publishMatchLive, so open match centres
 * move. Importing the same response again writes nothing and publishes nothing.
 */
import { eq, inArray } from 'drizzle-orm';
import { SPORT_ID, type MatchPhase, type MatchState } from '../../../lib/sports/match-centre.ts';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema.ts';
import { log } from '../../log.ts';
import { publishMatchLive } from '../match-live.ts';
import { mapState, refOf } from './mapping.ts';
import { readResponse, type FdMatch, type SkippedMatch } from './provider.ts';
import { Resolver, type Tally } from './resolve.ts';

/** What an import did. */
export interface ImportReport {
  leagues: Tally;
  teams: Tally;
  matches: { created: number; updated: number; unchanged: number };
  /** Score updates sent to open match centres. */
  published: number;
  /** Malformed matches left out, with the reason. */
  skipped: SkippedMatch[];
}

/** A score, state and phase to publish once the transaction is committed. */
interface ScoreChange {
  matchId: number;
  home: number;
  away: number;
  status: MatchState;
  phase: MatchPhase | null;
}

type Stored = typeof matches.$inferSelect;

/**
 * What a stored match should become. A score the match already has is kept when the provider
 * sends none (a live match the feed has just postponed keeps its score so far).
 */
function target(stored: Stored, match: FdMatch) {
  const mapped = mapState(match);
  const scored = mapped.home !== null && mapped.away !== null;
  return {
    status: mapped.status,
    phase: mapped.phase,
    home: scored ? mapped.home : stored.homeScore,
    away: scored ? mapped.away : stored.awayScore,
  };
}

/** Brings one stored match up to date; answers whether anything changed. */
async function update(
  tx: Db,
  stored: Stored,
  match: FdMatch,
  ids: { leagueId: number; homeTeamId: number; awayTeamId: number },
  publish: ScoreChange[],
): Promise<boolean> {
  const startTime = new Date(match.utcDate);
  const fixture: Partial<Stored> = {};
  if (stored.startTime.getTime() !== startTime.getTime()) fixture.startTime = startTime;
  if (stored.leagueId !== ids.leagueId) fixture.leagueId = ids.leagueId;
  if (stored.homeTeamId !== ids.homeTeamId) fixture.homeTeamId = ids.homeTeamId;
  if (stored.awayTeamId !== ids.awayTeamId) fixture.awayTeamId = ids.awayTeamId;

  const next = target(stored, match);
  const stateChanged =
    stored.status !== next.status ||
    (stored.phase ?? null) !== next.phase ||
    stored.homeScore !== next.home ||
    stored.awayScore !== next.away;
  if (stateChanged) {
    if (next.home !== null && next.away !== null) {
      // Published after the commit, so viewers never see what a rollback would take back.
      publish.push({
        matchId: stored.id,
        home: next.home,
        away: next.away,
        status: next.status,
        phase: next.phase,
      });
    } else {
      // Never kicked off (postponed or cancelled before the start): a score frame would
      // write a 0:0 the match never had, so the state is written as it is.
      fixture.status = next.status;
      fixture.phase = next.phase;
    }
  }
  if (Object.keys(fixture).length > 0) {
    await tx.update(matches).set(fixture).where(eq(matches.id, stored.id));
  }
  return stateChanged || Object.keys(fixture).length > 0;
}

/**
 * Imports a parsed football-data.org v4 match list (`GET /v4/matches` or a competition's
 * matches). Throws FeedFormatError, with nothing written, when it is not a match list.
 */
export async function importMatches(db: Db, response: unknown): Promise<ImportReport> {
  const read = readResponse(response);
  const skipped = [...read.skipped];
  const seen = new Set<number>();
  const list: FdMatch[] = [];
  read.matches.forEach((match, i) => {
    if (seen.has(match.id)) {
      skipped.push({ index: i, id: match.id, reason: 'id: the same match twice in the list' });
    } else {
      seen.add(match.id);
      list.push(match);
    }
  });

  const report: ImportReport = {
    leagues: { created: 0, matched: 0 },
    teams: { created: 0, matched: 0 },
    matches: { created: 0, updated: 0, unchanged: 0 },
    published: 0,
    skipped,
  };
  const publish: ScoreChange[] = [];
  await db.transaction(async (tx) => {
    const resolver = await Resolver.open(tx);
    const refs = list.map((m) => refOf(m.id));
    const stored = new Map(
      refs.length === 0
        ? []
        : (await tx.select().from(matches).where(inArray(matches.externalRef, refs))).map((row) => [
            row.externalRef!,
            row,
          ]),
    );
    for (const match of list) {
      const ids = {
        leagueId: await resolver.league(match.competition),
        homeTeamId: await resolver.team(match.homeTeam),
        awayTeamId: await resolver.team(match.awayTeam),
      };
      const row = stored.get(refOf(match.id));
      if (row) {
        if (await update(tx, row, match, ids, publish)) report.matches.updated += 1;
        else report.matches.unchanged += 1;
        continue;
      }
      const state = mapState(match);
      await tx.insert(matches).values({
        sportId: SPORT_ID.football,
        ...ids,
        startTime: new Date(match.utcDate),
        status: state.status,
        phase: state.phase,
        homeScore: state.home,
        awayScore: state.away,
        externalRef: refOf(match.id),
      });
      report.matches.created += 1;
    }
    report.leagues = resolver.leagueTally;
    report.teams = resolver.teamTally;
  });

  for (const { matchId, ...score } of publish) {
    try {
      await publishMatchLive(db, matchId, { kind: 'score', ...score });
      report.published += 1;
    } catch (error) {
      // Left for the next import, which finds the same difference and tries again.
      log('warn', 'feed_publish_failed', { matchId, error: String(error) });
    }
  }
  if (skipped.length > 0) {
    log('warn', 'feed_matches_skipped', {
      count: skipped.length,
      first: skipped.slice(0, 5).map((s) => ({ id: s.id, reason: s.reason })),
    });
  }
  return report;
}
