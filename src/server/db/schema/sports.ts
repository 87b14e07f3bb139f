/**
 * Sports tables: competitions, teams and matches, match bookings, the match centre (text live,
 * statistics, line-ups) and tournament groups, the ranking totals, and the games' players and
 * plays.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/** Competitions (leagues, cups, tours). */
export const leagues = pgTable('leagues', {
  id: serial('id').primaryKey(),
  /** Sport id (1 football, 2 basketball, 3 tennis). */
  sportId: integer('sport_id').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Short label shown on match cards. */
  shortName: text('short_name').notNull(),
  /** The data provider's id ("fd:2021") when imported from a fixtures feed; unique. */
  externalRef: text('external_ref').unique(),
});

/** Teams or players. */
export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  sportId: integer('sport_id').notNull(),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  /** Brand colour used to draw the crest. */
  color: text('color').notNull(),
  /** Uploaded crest picture (an /uploads/ URL); null draws the crest from the colour. */
  crest: text('crest'),
  /** The data provider's id ("fd:57") when imported from a fixtures feed; unique. */
  externalRef: text('external_ref').unique(),
});

/** Match states: 0 scheduled, 1 live, 2 finished, 3 postponed, 4 cancelled (see MatchState). */
export const MATCH_STATUS = {
  scheduled: 0,
  live: 1,
  finished: 2,
  postponed: 3,
  cancelled: 4,
} as const;

/** Fixtures with their scores. */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    sportId: integer('sport_id').notNull(),
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    /** Kick-off time. */
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** See MATCH_STATUS. */
    status: smallint('status').notNull().default(0),
    homeScore: integer('home_score'),
    awayScore: integer('away_score'),
    /** Where a live match is (MATCH_PHASES: 1h, ht, 2h, et, pen); null otherwise. */
    phase: text('phase'),
    /** The data provider's id ("fd:327117") when imported from a fixtures feed; unique. */
    externalRef: text('external_ref').unique(),
  },
  (t) => [
    index('matches_start_idx').on(t.startTime),
    check('matches_status_known', sql`${t.status} between 0 and 4`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Schedules: bookings, the match centre (text live, statistics, line-ups) and tournament groups.
// ---------------------------------------------------------------------------------------------

/** Matches a user booked from the schedule; listed in /user-center/mySchedule. */
export const matchBookings = pgTable(
  'match_bookings',
  {
    /** Who booked. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The booked match. */
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.matchId] }),
    index('match_bookings_match_idx').on(t.matchId),
  ],
);

/** Text live: one commentary line of a match, in both languages. */
export const matchEvents = pgTable(
  'match_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The match commented on. */
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    /** Match clock in whole minutes when it happened (0 before kick-off). */
    minute: smallint('minute').notNull(),
    /** What happened: info, goal, card, red, sub, chance, var, period (see MATCH_EVENT_KINDS). */
    kind: text('kind').notNull().default('info'),
    /** Chinese text. */
    textZh: text('text_zh').notNull(),
    /** English text. */
    textEn: text('text_en').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('match_events_match_idx').on(t.matchId, t.id)],
);

/** The latest statistics and line-ups of a match, as JSON documents (see lib/sports/match-centre.ts). */
export const matchDetails = pgTable('match_details', {
  /** The match described. */
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  /** MatchStats: score by period and team statistics; null until known. */
  stats: jsonb('stats'),
  /** MatchLineups: starters and bench of both sides; null until announced. */
  lineups: jsonb('lineups'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Group of each team in a tournament with a group stage (the World Cup page). */
export const tournamentGroups = pgTable(
  'tournament_groups',
  {
    /** The tournament. */
    leagueId: integer('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    /** A team taking part. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** Group letter, A to H. */
    groupName: text('group_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.teamId] })],
);

// ---------------------------------------------------------------------------------------------
// Rankings and games
// ---------------------------------------------------------------------------------------------

/** Ranking boards kept in ranking_totals. */
export const RANKING_BOARD = {
  /** Gifts a user gave in one anchor's room (scope = the anchor's id). */
  room: 'room',
  /** Gifts a user gave in every room together (scope = 0). */
  fans: 'fans',
  /** Gifts an anchor received in every room (scope = 0, subject = the anchor). */
  anchors: 'anchors',
} as const;

/**
 * Running totals of the daily and monthly rankings, one row per board, scope, period and
 * subject; a gift adds to its rows with one upsert, and a new period starts with new keys.
 */
export const rankingTotals = pgTable(
  'ranking_totals',
  {
    /** See RANKING_BOARD. */
    board: text('board').notNull(),
    /** The anchor whose room the board is about; 0 for site-wide boards. */
    scopeId: integer('scope_id').notNull(),
    /** day or month. */
    period: text('period').notNull(),
    /** Beijing-time period: YYYY-MM-DD for a day, YYYY-MM for a month. */
    periodKey: text('period_key').notNull(),
    /** Who is ranked: the giver (room, fans) or the anchor (anchors). */
    subjectId: integer('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Total in minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    /** Last increment; among equal amounts the one reached first ranks higher. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.scopeId, t.period, t.periodKey, t.subjectId] }),
    index('ranking_totals_top_idx').on(
      t.board,
      t.scopeId,
      t.period,
      t.periodKey,
      t.amount.desc(),
      t.updatedAt,
    ),
    check('ranking_totals_board', sql`${t.board} in ('room', 'fans', 'anchors')`),
    check('ranking_totals_period', sql`${t.period} in ('day', 'month')`),
    check('ranking_totals_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/** Per user and game: today's free plays, the points won so far and the board position. */
export const gamePlayers = pgTable(
  'game_players',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sieve or monopoly. */
    game: text('game').notNull(),
    /** Beijing day (YYYY-MM-DD) that playsToday counts. */
    playsDay: text('plays_day').notNull(),
    /** Plays taken on playsDay. */
    playsToday: integer('plays_today').notNull().default(0),
    /** Points won in this game, ever; points are a score, never money. */
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    /** Monopoly: the tile the token stands on; 0 for other games. */
    position: smallint('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.game] }),
    check('game_players_points_nonneg', sql`${t.points} >= 0`),
  ],
);

/** Every play: what was asked, what the server rolled and the points it gave. */
export const gamePlays = pgTable(
  'game_plays',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sieve or monopoly. */
    game: text('game').notNull(),
    /** Beijing day of the play. */
    day: text('day').notNull(),
    /** The player's choice (sieve: big, small or total:N; monopoly: roll). */
    bet: text('bet').notNull(),
    /** Dice as rolled, each 1-6. */
    dice: jsonb('dice').$type<number[]>().notNull(),
    /** Game-specific outcome (landing tile, chance draw ...). */
    outcome: jsonb('outcome').$type<Record<string, unknown>>().notNull(),
    /** Points won by this play (0 when it lost). */
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('game_plays_user_idx').on(t.userId, t.createdAt)],
);
