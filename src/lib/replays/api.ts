/** The replay calls (endpoint descriptors): the anchor's own replays, and a replay's views. */
import { post } from '../api/endpoint.ts';

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
};
