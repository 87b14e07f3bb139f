/**
 * The football-data.org v4 match list as the provider documents it (`GET /v4/matches`,
 * `GET /v4/competitions/{code}/matches`): a `matches` array whose entries carry the competition,
 * both teams, the kick-off in UTC, the state and the score. Only the fields the import reads are
 * checked; the provider's other fields (area, season, referees, odds ...) are ignored. Each match
 * is checked on its own, so one malformed entry is skipped while the others are imported.
 */
import { z } from 'zod';

/** Match states of the v4 API. */
export const FD_STATUSES = [
  'SCHEDULED',
  'TIMED',
  'IN_PLAY',
  'PAUSED',
  'FINISHED',
  'SUSPENDED',
  'POSTPONED',
  'CANCELLED',
  'AWARDED',
] as const;

/** One of FD_STATUSES. */
export type FdStatus = (typeof FD_STATUSES)[number];

const id = z.number().int().positive();
const goals = z.number().int().min(0).max(999).nullable();
const name = z.string().trim().min(1).max(200);

/** A competition as a match names it. */
export const fdCompetition = z.object({
  id,
  name,
  code: z.string().trim().min(1).max(20).nullish(),
  emblem: z.string().nullish(),
});

/** A team as a match names it. */
export const fdTeam = z.object({
  id,
  name,
  shortName: z.string().trim().max(200).nullish(),
  tla: z.string().trim().max(10).nullish(),
  crest: z.string().nullish(),
});

const pair = z.object({ home: goals, away: goals });

/** One match of the list. */
export const fdMatch = z.object({
  id,
  utcDate: z.iso.datetime({ offset: true }),
  status: z.enum(FD_STATUSES),
  /** Absent in a competition's own list on some plans; the list's competition is used then. */
  competition: fdCompetition.optional(),
  homeTeam: fdTeam,
  awayTeam: fdTeam,
  score: z.object({
    winner: z.enum(['HOME_TEAM', 'AWAY_TEAM', 'DRAW']).nullish(),
    duration: z.enum(['REGULAR', 'EXTRA_TIME', 'PENALTY_SHOOTOUT']).nullish(),
    fullTime: pair,
    halfTime: pair.nullish(),
  }),
  lastUpdated: z.string().nullish(),
});

/** A checked match, with the competition filled in. */
export type FdMatch = z.infer<typeof fdMatch> & { competition: FdCompetition };
/** A checked competition. */
export type FdCompetition = z.infer<typeof fdCompetition>;
/** A checked team. */
export type FdTeam = z.infer<typeof fdTeam>;

/** The list around the matches: each match is checked later, on its own. */
const fdList = z.object({
  competition: fdCompetition.optional(),
  matches: z.array(z.unknown()).max(5000),
});

/** A match the import leaves out, and why. */
export interface SkippedMatch {
  /** Position in the response's `matches`. */
  index: number;
  /** The provider's match id when it could be read. */
  id: number | null;
  reason: string;
}

/** What a response holds: the good matches and the ones left out. */
export interface ReadResponse {
  matches: FdMatch[];
  skipped: SkippedMatch[];
}

/** A response that is not a match list at all: nothing of it is imported. */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

function issueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * Reads a parsed JSON response: its good matches, and the malformed ones with the reason. Throws
 * FeedFormatError when the value is not a match list (no `matches` array).
 */
export function readResponse(value: unknown): ReadResponse {
  const list = fdList.safeParse(value);
  if (!list.success) {
    throw new FeedFormatError(`not a football-data.org match list (${issueText(list.error)})`);
  }
  const out: ReadResponse = { matches: [], skipped: [] };
  list.data.matches.forEach((raw, index) => {
    const parsed = fdMatch.safeParse(raw);
    const rawId = (raw as { id?: unknown } | null)?.id;
    const matchId = typeof rawId === 'number' && Number.isSafeInteger(rawId) ? rawId : null;
    if (!parsed.success) {
      out.skipped.push({ index, id: matchId, reason: issueText(parsed.error) });
      return;
    }
    const competition = parsed.data.competition ?? list.data.competition;
    if (!competition) {
      out.skipped.push({ index, id: matchId, reason: 'competition: missing' });
      return;
    }
    if (parsed.data.homeTeam.id === parsed.data.awayTeam.id) {
      out.skipped.push({ index, id: matchId, reason: 'homeTeam and awayTeam are the same team' });
      return;
    }
    out.matches.push({ ...parsed.data, competition });
  });
  return out;
}
