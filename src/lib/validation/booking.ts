/** Requests of the booking calls, shared by the schedule's script and the API. */
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
