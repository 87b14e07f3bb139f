/** The follow calls (spec §4, §5) and what they answer, shared by the server and the browser. */
import { call } from '../api/client.ts';

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

export const followsApi = {
  /** GET /api/anchor/followState: the caller's follow of `anchorId`. */
  state: (anchorId: number) =>
    call<FollowState>('get', '/api/anchor/followState', { anchorid: anchorId }),
  /** POST /api/anchor/attentAnchor: follows `anchorId`, or unfollows when already following. */
  toggle: (anchorId: number) =>
    call<FollowState>('post', '/api/anchor/attentAnchor', { anchorid: anchorId }),
  /** GET /api/anchor/followList: the caller's followed anchors, live first. */
  list: () => call<{ list: FollowedAnchor[] }>('get', '/api/anchor/followList'),
};
