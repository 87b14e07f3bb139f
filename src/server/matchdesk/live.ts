/**
 * Running a match from the desk: score and state, text lines (added, corrected, taken back),
 * statistics and line-ups. Every change goes through publishMatchLive, so it is stored and sent
 * to every open match centre and room of the match, on every process.
 */
import type { z } from 'zod';
import type { DeskMatch } from '../../lib/sports/desk-api.ts';
import type { MatchLivePayloads } from '../../lib/sports/match-centre.ts';
import type {
  lineRequest,
  removeLineRequest,
  scoreRequest,
} from '../../lib/validation/match-desk.ts';
import type { Db } from '../db/index.ts';
import { MATCH_STATUS } from '../db/schema.ts';
import { ApiError } from '../api-error.ts';
import { getMatchCentre } from '../sports/match-centre.ts';
import { MatchLiveError, publishMatchLive, type MatchLiveInput } from '../sports/match-live.ts';
import { audit, type Actor } from '../staff/audit.ts';
import { getFixture } from './fixtures.ts';

/** The match as the live desk shows it. */
export async function deskMatch(db: Db, id: number): Promise<DeskMatch> {
  const fixture = await getFixture(db, id);
  return { fixture, ...(await getMatchCentre(db, id)) };
}

/** Publishes one update; an unknown match or line becomes the desk's message. */
async function publish<K extends MatchLiveInput['kind']>(
  db: Db,
  id: number,
  input: Extract<MatchLiveInput, { kind: K }>,
): Promise<MatchLivePayloads[K]> {
  try {
    const message = await publishMatchLive(db, id, input);
    return JSON.parse(message.payload) as MatchLivePayloads[K];
  } catch (err) {
    if (!(err instanceof MatchLiveError)) throw err;
    throw new ApiError(
      err.message.startsWith('unknown line')
        ? 'matchDesk.errors.noLine'
        : 'matchDesk.errors.noMatch',
    );
  }
}

/** Sets score, state and phase; a cancelled or postponed match must be put back first. */
export async function setScore(db: Db, input: z.infer<typeof scoreRequest>) {
  const fixture = await getFixture(db, input.id);
  if (fixture.status === MATCH_STATUS.postponed || fixture.status === MATCH_STATUS.cancelled) {
    throw new ApiError('matchDesk.errors.offSchedule');
  }
  await publish(db, input.id, {
    kind: 'score',
    home: input.home,
    away: input.away,
    status: input.status,
    phase: input.phase,
  });
  return getFixture(db, input.id);
}

/** Adds a text line or corrects one; a language left empty shows the other until translated. */
export function postLine(db: Db, input: z.infer<typeof lineRequest>) {
  return publish(db, input.id, {
    kind: 'text',
    ...(input.line_id === undefined ? {} : { id: input.line_id }),
    minute: input.minute,
    event: input.kind,
    zh: input.zh,
    en: input.en,
  });
}

/** Takes a line back (audited: viewers saw it). */
export async function removeLine(db: Db, actor: Actor, input: z.infer<typeof removeLineRequest>) {
  await publish(db, input.id, { kind: 'remove', id: input.line_id });
  await audit(db, actor, 'match.line.remove', `match:${input.id}`, { line: input.line_id });
  return input.line_id;
}

/** Replaces the statistics. */
export function setStats(db: Db, id: number, stats: MatchLivePayloads['stats']) {
  return publish(db, id, { kind: 'stats', stats });
}

/** Replaces the line-ups. */
export function setLineups(db: Db, id: number, lineups: MatchLivePayloads['lineup']) {
  return publish(db, id, { kind: 'lineup', lineups });
}
