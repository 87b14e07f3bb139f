/**
 * The match desk's requests (leagues, teams, fixtures and the live desk), shared by the desk's
 * forms and the API. Statistics and line-ups keep the shapes the match centre checks
 * (lib/sports/match-centre.ts), so what the desk saves is what viewers can show.
 */
import { z } from 'zod';
import {
  isMatchLineups,
  isMatchStats,
  MATCH_EVENT_KINDS,
  MATCH_PHASES,
  SPORT_ID,
  type MatchLineups,
  type MatchStats,
} from '../sports/match-centre.ts';
import { wholeNumber } from './numbers.ts';
import { showsSomething } from './text.ts';
import { dateTimeSchema } from './times.ts';

/** Longest league or team name. */
export const MAX_NAME = 60;
/** Longest short league label. */
export const MAX_SHORT_NAME = 12;
/** Longest text line, per language. */
export const MAX_LINE = 500;
/** Latest minute a line may carry (extra time and stoppages included). */
export const MAX_MINUTE = 200;
/** How many days the fixture list covers at most. */
export const MAX_LIST_DAYS = 31;

const name = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(max, { error: 'validation.tooLong' })
    .refine(showsSomething, { error: 'validation.blank' });

const id = wholeNumber(1);
const sportId = z
  .number({ error: 'validation.wholeNumber' })
  .refine((v) => (Object.values(SPORT_ID) as number[]).includes(v), {
    error: 'matchDesk.errors.badSport',
  });

/** A query-string id. */
const queryId = z.coerce.number({ error: 'validation.wholeNumber' }).pipe(id);

/** POST league/save. */
export const leagueRequest = z.strictObject({
  id: id.optional(),
  sport_id: sportId,
  name_zh: name(MAX_NAME),
  name_en: name(MAX_NAME),
  short_name: name(MAX_SHORT_NAME),
});

/** POST team/save. */
export const teamRequest = z.strictObject({
  id: id.optional(),
  sport_id: sportId,
  name_zh: name(MAX_NAME),
  name_en: name(MAX_NAME),
  color: z
    .string({ error: 'validation.required' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'matchDesk.errors.badColor' }),
  crest: z
    .string({ error: 'validation.required' })
    .regex(/^\/uploads\/[\w/.-]+\.(?:png|jpe?g|webp)$/, { error: 'matchDesk.errors.badCrest' })
    .nullable(),
});

/** GET list: fixtures from a Beijing day for some days. */
export const listRequest = z.strictObject({
  from: z
    .string({ error: 'validation.required' })
    .regex(/^20\d\d-\d\d-\d\d$/, { error: 'matchDesk.errors.badDate' }),
  days: z.coerce
    .number({ error: 'validation.wholeNumber' })
    .pipe(wholeNumber(1, MAX_LIST_DAYS))
    .optional(),
  league_id: queryId.optional(),
});

/** A date and time as the browser sends it (ISO 8601), within years 2000-2100. */
const kickOff = dateTimeSchema('matchDesk.errors.badDate');

/** POST fixture/save: a new fixture (no id) or an edit; home and away differ. */
export const fixtureRequest = z
  .strictObject({
    id: id.optional(),
    league_id: id,
    home_team_id: id,
    away_team_id: id,
    start_time: kickOff,
  })
  .refine((f) => f.home_team_id !== f.away_team_id, {
    error: 'matchDesk.errors.sameTeams',
    path: ['away_team_id'],
  });

/** POST fixture/state. */
export const fixtureStateRequest = z.strictObject({
  id,
  change: z.enum(['postpone', 'cancel', 'restore'], { error: 'matchDesk.errors.badChoice' }),
});

/** GET desk. */
export const deskRequest = z.strictObject({ id: queryId });

/** POST score: scores, the state (not started, live, finished) and a live match's phase. */
export const scoreRequest = z.strictObject({
  id,
  home: wholeNumber(0, 999),
  away: wholeNumber(0, 999),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], {
    error: 'matchDesk.errors.badChoice',
  }),
  phase: z.enum(MATCH_PHASES, { error: 'matchDesk.errors.badChoice' }).nullable(),
});

const lineText = z
  .string({ error: 'validation.required' })
  .trim()
  .max(MAX_LINE, { error: 'validation.tooLong' })
  .refine(showsSomething, { error: 'validation.blank' });

/** POST line: a new line or a correction (line_id); at least one language written. */
export const lineRequest = z
  .strictObject({
    id,
    line_id: id.optional(),
    minute: wholeNumber(0, MAX_MINUTE),
    kind: z.enum(MATCH_EVENT_KINDS, { error: 'matchDesk.errors.badChoice' }),
    zh: lineText,
    en: lineText,
  })
  .refine((l) => (l.zh !== '' && showsSomething(l.zh)) || (l.en !== '' && showsSomething(l.en)), {
    error: 'matchDesk.errors.emptyLine',
    path: ['zh'],
  });

/** POST line/remove. */
export const removeLineRequest = z.strictObject({ id, line_id: id });

/** POST stats: the match centre's statistics shape. */
export const statsRequest = z.strictObject({
  id,
  stats: z.custom<MatchStats>(isMatchStats, { error: 'matchDesk.errors.badStats' }),
});

/** POST lineups: the match centre's line-ups shape. */
export const lineupsRequest = z.strictObject({
  id,
  lineups: z.custom<MatchLineups>(isMatchLineups, { error: 'matchDesk.errors.badLineups' }),
});
