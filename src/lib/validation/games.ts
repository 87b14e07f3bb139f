/** Request schemas of the game calls, shared by the pages and the API. Messages are i18n keys. */
import { z } from 'zod';
import { TOTAL_RANGE, type SieveBet } from '../games/sieve.ts';

/** POST /api/game/sieve/roll: big, small, or total with a total of 3-18. */
export const sieveRollRequest = z
  .object({
    /** big, small or total. */
    bet: z.enum(['big', 'small', 'total'], { error: 'games.api.badBet' }),
    /** The guessed total, only with bet "total". */
    total: z
      .number({ error: 'validation.number' })
      .int({ error: 'validation.integer' })
      .min(TOTAL_RANGE.min, { error: 'games.api.badTotal' })
      .max(TOTAL_RANGE.max, { error: 'games.api.badTotal' })
      .optional(),
  })
  .refine((b) => b.bet !== 'total' || b.total !== undefined, {
    error: 'games.api.badTotal',
    path: ['total'],
  })
  .transform((b): SieveBet =>
    b.bet === 'total' ? { kind: 'total', total: b.total! } : { kind: b.bet },
  );

/** POST /api/game/monopoly/roll: no fields. */
export const monopolyRollRequest = z.object({});
