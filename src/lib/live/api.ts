/** The rooms call (endpoint descriptor). */
import { get } from '../api/endpoint.ts';

/** One room's state. */
export interface RoomStatus {
  anchor_id: number;
  is_live: 0 | 1;
  heat: number;
}

export const liveApi = {
  /** Every room's live state and heat, for the list pages. */
  rooms: get<RoomStatus[]>('/api/live/rooms'),
};
