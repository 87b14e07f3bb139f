/** The ticket room calls: whether a viewer may watch a ticket-paid room, and paying its tickets. */
import { post } from '../api/endpoint.ts';

/** The server's answer about entering a room (`/api/live/ticket_room`). */
export interface EntryState {
  anchor_id: number;
  ticket: number;
  live: 0 | 1;
  required: boolean;
  entered: boolean;
  free: boolean;
  tickets: number;
  stream_url: string;
}

export const ticketsApi = {
  /** Whether the caller (or a guest) may enter a room, with the stream URL once they may. */
  room: post<EntryState, { anchor_id: number }>('/api/live/ticket_room'),
  /** Pays the room's tickets for this live (a repeat is free, charged 0) and opens the room. */
  enter: post<EntryState & { charged: number }, { anchor_id: number }>(
    '/api/live/enter_ticket_room',
  ),
};
