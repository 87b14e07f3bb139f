/** What the check-in and lottery calls answer, as the browser reads it. */
import type { UserInfo } from '../user-info.ts';
import type { RewardEntry } from './types.ts';

/** One day of the cycle (getCheckinInfo's CheckinDetails). */
export interface CheckinDay {
  Day: number;
  ExpNum: number;
  IsChecked: boolean;
  IsToday: boolean;
  RewardList: RewardEntry[];
}

/** POST /api/checkin/getCheckinInfo. */
export interface CheckinInfo {
  CheckinDetails: CheckinDay[];
  Continuous: number;
  IsCheckedToday: boolean;
}

/** One check-in of getCheckinHistory. */
export interface CheckinRecord {
  Day: string;
  CycleDay: number;
  Continuous: number;
  ExpNum: number;
  CheckinTime: number;
  RewardList: RewardEntry[];
  RewardDesc: string;
}

/** POST /api/checkin/getCheckinHistory. */
export interface CheckinHistoryPage {
  CheckinHistory: CheckinRecord[];
  RewardDesc: string;
  total: number;
  page: number;
  size: number;
}

/** POST /api/checkin/checkinToday (data). */
export interface CheckinResult {
  RewardList: RewardEntry[];
  ExpNum: number;
  Day: number;
  Continuous: number;
  userInfo: UserInfo;
}

/** A prize of getLotteryInfo. */
export interface LotteryPrizeView {
  id: number;
  color: string;
  weight: number;
  /** Probability on one draw, 0-1. */
  odds: number;
  reward: RewardEntry;
}

/** POST /api/lottery/getLotteryInfo. */
export interface LotteryInfo {
  prizes: LotteryPrizeView[];
  chances: number;
}

/** POST /api/lottery/draw. */
export interface DrawResult {
  draw_id: number;
  prize_id: number;
  reward: RewardEntry;
  chances: number;
  userInfo: UserInfo;
}

/** One draw of getLotteryHistory. */
export interface LotteryRecord {
  draw_id: number;
  prize_id: number;
  reward: RewardEntry;
  time: number;
}

/** POST /api/lottery/getLotteryHistory. */
export interface LotteryHistoryPage {
  list: LotteryRecord[];
  total: number;
  page: number;
  size: number;
}
