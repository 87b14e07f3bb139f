/** The clip calls (endpoint descriptors): cutting, reading, listing, removing and counting views. */
import { get, post } from '../api/endpoint.ts';

/** Clip states as the calls answer them. */
export type ClipStatus = 'processing' | 'ready' | 'failed';

/** One clip (times in unix seconds, lengths in seconds). */
export interface Clip {
  id: number;
  anchor_id: number;
  anchor_name: string;
  anchor_avatar: string;
  user_name: string;
  replay_id: number | null;
  title: string;
  /** Where it really starts in its source (a keyframe at or before `asked_start`). */
  start: number;
  asked_start: number;
  duration: number;
  /** The MP4 and its thumbnail ('' until ready). */
  video: string;
  thumb: string;
  width: number;
  height: number;
  status: ClipStatus;
  views: number;
  created_at: number;
  /** 1 when the caller may remove it (the room's anchor or a manager, an administrator). */
  can_remove: 0 | 1;
}

/** A page of clips. */
export interface ClipPage {
  list: Clip[];
  page: number;
  pages: number;
  total: number;
}

/** What create takes: the last `seconds` of a live, or `seconds` of a replay from `start`. */
export type ClipCreateParams =
  | { anchor_id: number; seconds: number; title: string }
  | { replay_id: number; start: number; seconds: number; title: string };

export const clipsApi = {
  /** Starts cutting a clip (logged in); answers its id, to poll with `one` until ready. */
  create: post<{ id: number; status: ClipStatus }, ClipCreateParams>('/api/clip/create'),
  /** One clip unless removed, in any state. */
  one: get<Clip, { clip_id: number }>('/api/clip/one'),
  /** A page of an anchor's (room's) ready clips, newest first. */
  list: get<ClipPage, { anchor_id: number; page?: number }>('/api/clip/list'),
  /** Removes a clip: its room's anchor and managers, or an administrator. */
  remove: post<{ id: number }, { clip_id: number }>('/api/clip/remove'),
  /** Counts a view (one per viewer address and clip per half hour); answers the views. */
  view: post<{ views: number; counted: 0 | 1 }, { clip_id: number }>('/api/clip/view'),
};
