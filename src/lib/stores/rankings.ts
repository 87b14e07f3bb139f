/** The contribution rankings the pages show. */
import { send } from '../api/client.ts';
import { rankingsApi } from '../rankings/api.ts';
import type { RankingPeriod } from '../rankings/periods.ts';
import type { RankingList } from '../rankings/types.ts';

/** Entries of a room's ranking card. */
export const ROOM_RANKING_TOP = 10;

/** The top givers of `anchorId`'s room in `period`. */
export function loadRoomRanking(anchorId: number, period: RankingPeriod): Promise<RankingList> {
  return send(rankingsApi.room, { anchor_id: anchorId, period, limit: ROOM_RANKING_TOP });
}
