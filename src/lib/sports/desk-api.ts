/**
 * The match desk's calls (/admin/matches): leagues, teams and fixtures, and running a match
 * live (score and state, text lines, statistics, line-ups). Administrators and editors only,
 * checked on the server; every live change reaches viewers as a matchLive frame.
 */
import { get, post } from '../api/endpoint.ts';
import type {
  MatchEventKind,
  MatchLineups,
  MatchPhase,
  MatchState,
  MatchStats,
  TextLine,
} from './match-centre.ts';

/** A competition as the desk edits it. */
export interface DeskLeague {
  id: number;
  sport_id: number;
  name_zh: string;
  name_en: string;
  short_name: string;
  /** Set when it came from a fixtures feed ("fd:2021"). */
  external_ref: string | null;
}

/** A team as the desk edits it. */
export interface DeskTeam {
  id: number;
  sport_id: number;
  name_zh: string;
  name_en: string;
  /** #rrggbb, draws the crest when no picture is uploaded. */
  color: string;
  /** Uploaded crest (/uploads/...), or null. */
  crest: string | null;
  external_ref: string | null;
}

/** One side of a fixture. */
export interface DeskSide {
  id: number;
  name_zh: string;
  name_en: string;
  color: string;
  crest: string | null;
}

/** A fixture as the desk lists it. */
export interface DeskFixture {
  id: number;
  sport_id: number;
  league_id: number;
  league_zh: string;
  league_en: string;
  home: DeskSide;
  away: DeskSide;
  /** Kick-off, ISO. */
  start_time: string;
  status: MatchState;
  phase: MatchPhase | null;
  home_score: number | null;
  away_score: number | null;
  /** Anchor ids of the rooms broadcasting it now. */
  live_rooms: number[];
  external_ref: string | null;
}

/** Everything the live desk shows of one match. */
export interface DeskMatch {
  fixture: DeskFixture;
  /** Newest first. */
  lines: TextLine[];
  stats: MatchStats | null;
  lineups: MatchLineups | null;
}

/** What the fixture state call sets: postponed, cancelled, or back on the schedule. */
export type FixtureChange = 'postpone' | 'cancel' | 'restore';

export const matchDeskApi = {
  /** Every league and team, for the pickers and the catalogue tabs. */
  catalog: get<{ leagues: DeskLeague[]; teams: DeskTeam[] }>('/api/admin/matches/catalog'),
  /** Creates (no id) or edits a league. */
  saveLeague: post<
    { league: DeskLeague },
    { id?: number; sport_id: number; name_zh: string; name_en: string; short_name: string }
  >('/api/admin/matches/league/save'),
  /** Creates (no id) or edits a team; crest is an uploaded picture or null. */
  saveTeam: post<
    { team: DeskTeam },
    {
      id?: number;
      sport_id: number;
      name_zh: string;
      name_en: string;
      color: string;
      crest: string | null;
    }
  >('/api/admin/matches/team/save'),
  /** Fixtures kicking off in the days from `from` (YYYY-MM-DD, Beijing time), by kick-off. */
  list: get<{ list: DeskFixture[] }, { from: string; days?: number; league_id?: number }>(
    '/api/admin/matches/list',
  ),
  /** Creates (no id) or edits a fixture; a new kick-off time reschedules it. */
  saveFixture: post<
    { fixture: DeskFixture },
    {
      id?: number;
      league_id: number;
      home_team_id: number;
      away_team_id: number;
      start_time: string;
    }
  >('/api/admin/matches/fixture/save'),
  /** Postpones or cancels a fixture that has not finished, or puts it back on the schedule. */
  fixtureState: post<{ fixture: DeskFixture }, { id: number; change: FixtureChange }>(
    '/api/admin/matches/fixture/state',
  ),
  /** One match as the live desk shows it. */
  desk: get<DeskMatch, { id: number }>('/api/admin/matches/desk'),
  /** Score, state and phase. */
  score: post<
    { fixture: DeskFixture },
    { id: number; home: number; away: number; status: 0 | 1 | 2; phase: MatchPhase | null }
  >('/api/admin/matches/score'),
  /** Adds a text line, or corrects one (line_id); one language may be left empty. */
  line: post<
    { line: TextLine },
    { id: number; line_id?: number; minute: number; kind: MatchEventKind; zh: string; en: string }
  >('/api/admin/matches/line'),
  /** Takes a text line back. */
  removeLine: post<{ removed: number }, { id: number; line_id: number }>(
    '/api/admin/matches/line/remove',
  ),
  /** Replaces the statistics. */
  stats: post<{ stats: MatchStats }, { id: number; stats: MatchStats }>('/api/admin/matches/stats'),
  /** Replaces the line-ups. */
  lineups: post<{ lineups: MatchLineups }, { id: number; lineups: MatchLineups }>(
    '/api/admin/matches/lineups',
  ),
};
