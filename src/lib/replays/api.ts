/** The replay calls (endpoint descriptors): the anchor's own replays, and a replay's views. */
import { get, post } from '../api/endpoint.ts';
import type { SayProps } from '../live/props.ts';
import type { SayData } from '../realtime/protocol/index.ts';

/** One replay as my_replays returns it (times in unix seconds, hidden 1 or 0). */
export interface MyReplay {
  id: number;
  title: string;
  cover: string;
  duration: number;
  views: number;
  recorded_at: number;
  hidden: number;
}

/** A page of my_replays. */
export interface MyReplayPage {
  list: MyReplay[];
  page: number;
  pages: number;
  total: number;
}

/** A replay by id. */
export type ReplayParams = { replay_id: number };

/** Where a line of a replay's chat track comes from: the live's chat (0) or a replay viewer (1). */
export const TRACK_SOURCE = { live: 0, replay: 1 } as const;

/** One line of a replay's chat track: a chat message as the room showed it, at its offset. */
export interface TrackLine extends SayData {
  /** Where in the replay it was said, in ms from the start. */
  offset_ms: number;
  /** See TRACK_SOURCE. */
  source: 0 | 1;
}

/** One window of a replay's chat track. */
export interface TrackWindow {
  from_ms: number;
  /** End of what the answer covers (exclusive): `to_ms` asked, or earlier when it was full. */
  to_ms: number;
  /** True when the window held more lines than one answer carries: ask again from `to_ms`. */
  more: boolean;
  duration_ms: number;
  /** Lines in offset order. */
  lines: TrackLine[];
}

/** A window of a replay's chat track (ms from the start; at most 120 s). */
export type TrackParams = { replay_id: number; from_ms: number; to_ms: number };

/** A viewer's barrage at a replay's playhead. */
export type ReplayCommentParams = {
  replay_id: number;
  offset_ms: number;
  content: string;
  props?: SayProps;
};

export const replaysApi = {
  /** A page of the calling anchor's replays, newest first, hidden ones included. */
  mine: post<MyReplayPage, { page: number }>('/api/live/my_replays'),
  /** Hides (1) or shows (0) one of the calling anchor's replays on their pages. */
  hide: post<{ id: number; hidden: number }, ReplayParams & { hidden: 0 | 1 }>(
    '/api/live/replay_hide',
  ),
  /** Deletes one of the calling anchor's replays. */
  remove: post<{ id: number }, ReplayParams>('/api/live/replay_delete'),
  /** Counts a viewer's view of a replay (limited per viewer); answers the views and whether it counted. */
  view: post<{ views: number; counted: 0 | 1 }, ReplayParams>('/api/live/replayView'),
  /** One window of a replay's chat track: the live's chat and viewers' barrage, by offset. */
  chat: get<TrackWindow, TrackParams>('/api/replays/chat'),
  /** Adds the caller's barrage to a replay at its playhead; answers the stored line. */
  comment: post<TrackLine, ReplayCommentParams>('/api/replays/comment'),
  /** Whether the caller may delete this replay's barrage (its anchor, a room manager, an administrator). */
  moderator: get<{ moderator: 0 | 1 }, ReplayParams>('/api/replays/moderator'),
  /** Deletes a viewer's barrage of a replay (the anchor, room managers, administrators). */
  commentDelete: post<{ id: number }, ReplayParams & { id: number }>('/api/replays/comment_delete'),
};
