/** The gift catalogue call (endpoint descriptor). */
import { post } from '../api/endpoint.ts';
import type { GiftItem } from './types.ts';

export const giftsApi = {
  /** The gift catalogue in the caller's language, for the live room. */
  list: post<GiftItem[]>('/api/live/gift_list'),
};
