/** The signed-in user's own profile calls: the card, nickname, avatar, password and watch history. */
import { post } from '../api/endpoint.ts';
import type { Profile, WatchPage } from '../profile-api.ts';
import type { UserInfo } from '../user-info.ts';

/** What setting or changing the password sends: the new one, and the old one or a code. */
export type SetPasswordParams = {
  pwd: string;
  old_pwd?: string;
  code?: string;
};

export const profileApi = {
  /** The caller's card: the user info plus whether a password is set and the nickname lock. */
  profile: post<Profile>('/api/user/getProfile'),
  /** Changes the caller's nickname; answers the new user info. */
  updateNickname: post<UserInfo, { nick_name: string }>('/api/user/updateNickname'),
  /** Sets an uploaded picture as the caller's avatar; answers the new user info. */
  updateAvatar: post<UserInfo, { avatar: string }>('/api/user/updateAvatar'),
  /** Sends a password code to the caller's phone (after the slider). */
  sendPasswordCode: post<null>('/api/user/sendPasswordCode'),
  /** Sets or changes the caller's password; other sessions end and the message says it is saved. */
  setPassword: post<{ sessions_ended: number }, SetPasswordParams>('/api/user/setPassword'),
  /** A page of the caller's watch history. */
  watchHistory: post<WatchPage, { page: number; size: number }>('/api/user/watchHistory'),
  /** Clears the caller's watch history; answers how many rows went. */
  clearWatchHistory: post<{ cleared: number }>('/api/user/clearWatchHistory'),
};
