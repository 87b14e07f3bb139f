/** Reading a match's text live, statistics and line-ups for the match centre. */
import { desc, eq } from 'drizzle-orm';
import {
  isMatchLineups,
  isMatchStats,
  type MatchEventKind,
  type MatchLineups,
  type MatchStats,
  type TextLine,
} from '../../lib/sports/match-centre.ts';
import { MAX_TEXT_LINES } from '../../lib/sports/match-live-apply.ts';
import type { Db } from '../db/index.ts';
import { matchDetails, matchEvents } from '../db/schema.ts';

/** Everything the match centre's tabs show, in both languages. */
export interface MatchCentreData {
  /** Newest first. */
  lines: TextLine[];
  stats: MatchStats | null;
  lineups: MatchLineups | null;
}

/** The text live (newest first, at most MAX_TEXT_LINES), statistics and line-ups of a match. */
export async function getMatchCentre(db: Db, matchId: number): Promise<MatchCentreData> {
  const [rows, [details]] = await Promise.all([
    db
      .select()
      .from(matchEvents)
      .where(eq(matchEvents.matchId, matchId))
      .orderBy(desc(matchEvents.minute), desc(matchEvents.id))
      .limit(MAX_TEXT_LINES),
    db.select().from(matchDetails).where(eq(matchDetails.matchId, matchId)),
  ]);
  return {
    lines: rows.map((r) => ({
      id: r.id,
      minute: r.minute,
      kind: r.kind as MatchEventKind,
      zh: r.textZh,
      en: r.textEn,
    })),
    stats: isMatchStats(details?.stats) ? details.stats : null,
    lineups: isMatchLineups(details?.lineups) ? details.lineups : null,
  };
}
