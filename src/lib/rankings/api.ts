/** The ranking calls as the browser makes them. */
import { call } from '../api/client.ts';
import type { RankingPeriod } from './periods.ts';
import type { RankingList } from './types.ts';

export const rankingsApi = {
  /** GET /api/live/rankings: a room's contribution list for a period, `limit` entries at most. */
  room: (anchorId: number, period: RankingPeriod, limit: number) =>
    call<RankingList>('get', '/api/live/rankings', { anchor_id: anchorId, period, limit }),
};
