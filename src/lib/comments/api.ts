/** The comment management calls for anchors, their managers and administrators (rooms, messages, bans, announcement). */
import { get, post } from '../api/endpoint.ts';
import type { Announcement } from '../live/announcement.ts';

/** A room the user may moderate, as GET /api/live/managed_rooms returns it. */
export interface ManagedRoom {
  anchor_id: number;
  nick_name: string;
  title: string;
  is_live: 0 | 1;
  own: 0 | 1;
}

/** A chat message as GET /api/live/comments lists it. */
export interface ManagedMessage {
  id: number;
  user_id: number;
  nick_name: string;
  content: string;
  /** Unix ms. */
  time: number;
  deleted: boolean;
}

/** An active ban. */
export interface ManagedBan {
  id: number;
  user_id: number;
  nick_name: string;
  reason: string;
  /** Unix ms, or null when permanent. */
  until: number | null;
  time: number;
}

/** A room's latest messages, active bans and announcement, as GET /api/live/comments returns them. */
export interface RoomComments {
  messages: ManagedMessage[];
  bans: ManagedBan[];
  /** The room's announcement and contacts as saved. */
  announcement: Announcement;
}

export const commentsApi = {
  /** The rooms the caller moderates (own room first). */
  managedRooms: get<ManagedRoom[]>('/api/live/managed_rooms'),
  /** A moderated room's latest messages, active bans and announcement. */
  comments: get<RoomComments, { anchor_id: number }>('/api/live/comments'),
  /** Deletes a message of a moderated room for everyone in it. */
  deleteComment: post<null, { anchor_id: number; id: number }>('/api/live/delete_comment'),
  /** Lifts a viewer's ban in a moderated room. */
  unban: post<null, { anchor_id: number; uid: number }>('/api/live/unban'),
  /** Saves a moderated room's announcement and contacts; answers them as saved. */
  roomAnnouncement: post<Announcement, { anchor_id: number } & Announcement>(
    '/api/live/room_announcement',
  ),
};
