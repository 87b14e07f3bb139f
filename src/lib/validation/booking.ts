/** Requests of the match calls (bookings, leagues and matches of a sport), shared with the API. */
import { z } from 'zod';

/** A match id: a positive whole number, as a number or a numeric string. */
export const matchId = z.coerce
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.number' })
  .max(2_147_483_647, { error: 'validation.number' });

/** POST /api/match/book and /api/match/unbook. */
export const bookRequest = z.object({
  match_id: matchId,
});

/** POST /api/match/getSportMatchComp (spec §7): the sport whose leagues to list. */
export const sportMatchCompRequest = z.object({ sport_id: matchId });

/** POST /api/match/getSportMatch (spec §7): a league (comp) of a sport. */
export const sportMatchRequest = z.object({ comp: matchId, sport_id: matchId });
