/** The daily check-in calls (spec §4): the week, checking in, and the history. */
import { post } from '../api/endpoint.ts';
import type { CheckinHistoryPage, CheckinInfo, CheckinResult } from '../rewards/api.ts';

export const checkinApi = {
  /** The signed-in user's week of check-ins and streak. */
  info: post<CheckinInfo>('/api/checkin/getCheckinInfo'),
  /** Checks the signed-in user in for today; answers the rewards and the new user info. */
  today: post<CheckinResult>('/api/checkin/checkinToday'),
  /** A page of the signed-in user's check-in history. */
  history: post<CheckinHistoryPage, { page: number; size: number }>(
    '/api/checkin/getCheckinHistory',
  ),
};
