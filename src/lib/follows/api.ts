/** The follow calls (spec §4, §5) and what they answer, shared by the server and the browser. */
import { get, post } from '../api/endpoint.ts';

/** Whether the caller follows an anchor (type 1 followed), and the anchor's follower count. */
export interface FollowState {
  type: number;
  fans: number;
}

/** A followed anchor on /user-center/focus: the room card and the anchor's follower count. */
export interface FollowedAnchor {
  anchor_id: number;
  nick_name: string;
  avatar: string;
  title: string;
  cover: string;
  is_live: boolean;
  heat: number;
  category: string;
  second_category: string | null;
  fans: number;
}

/** The anchor a follow call is about. */
export type FollowParams = {
  anchorid: number;
};

export const followsApi = {
  /** The caller's follow of an anchor, and the anchor's follower count. */
  state: get<FollowState, FollowParams>('/api/anchor/followState'),
  /** Follows an anchor for the caller, or unfollows when already following. */
  toggle: post<FollowState, FollowParams>('/api/anchor/attentAnchor'),
  /** The caller's followed anchors, live first. */
  list: get<{ list: FollowedAnchor[] }>('/api/anchor/followList'),
};
