/** The match booking calls (endpoint descriptors): the caller's bookings, booking and unbooking. */
import { get, post } from '../api/endpoint.ts';

/** A booked match as GET /api/match/bookings returns it. */
export interface Booking {
  match_id: number;
  sport_id: number;
  league: string;
  /** Kick-off, unix seconds. */
  start_time: number;
  /** 0 scheduled, 1 live, 2 finished. */
  status: number;
  home: { id: number; name: string; color: string };
  away: { id: number; name: string; color: string };
  home_score: number | null;
  away_score: number | null;
  /** Anchor ids of rooms broadcasting it now. */
  live_rooms: number[];
  /** When it was booked, unix seconds. */
  booked_at: number;
}

/** A match by id. */
export type MatchParams = { match_id: number };

/** What book and unbook answer: the match and whether it is booked now. */
export interface BookingChange {
  match_id: number;
  booked: boolean;
}

export const bookingsApi = {
  /** The caller's booked matches, live and upcoming first. */
  list: get<Booking[]>('/api/match/bookings'),
  /** Books a match for the caller. */
  book: post<BookingChange, MatchParams>('/api/match/book'),
  /** Unbooks a match for the caller. */
  unbook: post<BookingChange, MatchParams>('/api/match/unbook'),
};
