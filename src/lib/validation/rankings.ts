/** Request schemas of the ranking calls. Messages are i18n keys. */
import { z } from 'zod';
import { RANKING_PERIODS } from '../rankings/periods.ts';
import { INT4_MAX } from './numbers.ts';

const period = z.enum(RANKING_PERIODS, { error: 'ranking.api.badPeriod' }).default('day');

const limit = z.coerce
  .number({ error: 'validation.number' })
  .int({ error: 'validation.integer' })
  .min(1, { error: 'validation.number' })
  .max(50, { error: 'validation.number' })
  .default(20);

/** GET /api/live/rankings: a room's contribution list. */
export const roomRankingRequest = z.object({
  /** The anchor whose room is ranked. */
  anchor_id: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.integer' })
    .positive({ error: 'validation.number' })
    .max(INT4_MAX, { error: 'validation.outOfRange' }),
  /** day or month (Beijing time). */
  period,
  /** How many entries, 1-50. */
  limit,
});

/** GET /api/live/talentList: anchors and users of the whole site. */
export const talentListRequest = z.object({ period, limit });
