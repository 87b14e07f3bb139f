/** The backpack call (spec §3, §7 user_backpack). */
import { post } from '../api/endpoint.ts';
import type { BackpackView } from '../live/backpack.ts';

export const backpackApi = {
  /** The signed-in user's own backpack: tickets, chat prop counts and gifts (user_id must be theirs). */
  userBackpack: post<BackpackView, { user_id: number }>('/api/live/user_backpack'),
};
