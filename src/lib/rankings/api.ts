/** The ranking calls (endpoint descriptors). */
import { get } from '../api/endpoint.ts';
import type { RankingPeriod } from './periods.ts';
import type { RankingList } from './types.ts';

/** What a room's ranking asks for: the room, the period and how many entries at most. */
export type RoomRankingParams = {
  anchor_id: number;
  period: RankingPeriod;
  limit: number;
};

export const rankingsApi = {
  /** A room's contribution list for a period, for the room's viewers. */
  room: get<RankingList, RoomRankingParams>('/api/live/rankings'),
};
