/** What the profile and watch history calls answer, shared by the server and the pages. */
import type { UserInfo } from './user-info.ts';

/** POST /api/user/getProfile: the user info plus the account's own facts. */
export interface Profile extends UserInfo {
  has_password: boolean;
  /** Unix seconds when the nickname may change again; 0 when it may now. */
  nick_free_at: number;
}

/** One row of the watch history (POST /api/user/watchHistory). */
export interface WatchEntry {
  anchor_id: number;
  nick_name: string;
  avatar: string;
  /** 1 the live room, 2 a replay. */
  kind: number;
  /** The replay watched last (kind 2). */
  replay_id: number | null;
  /** Title of the replay, or of the room. */
  title: string;
  cover: string;
  /** Unix seconds of the last visit. */
  visited_at: number;
  /** True while the anchor is live now. */
  is_live: boolean;
}

/** A page of the watch history. */
export interface WatchPage {
  list: WatchEntry[];
  total: number;
  page: number;
  size: number;
}
