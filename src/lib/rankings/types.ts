/** What the ranking calls return, shared by the server and the pages. */
import type { RankingPeriod } from './periods.ts';

/** One ranked user (a giver or an anchor). */
export interface RankingEntry {
  /** 1 for the top. */
  rank: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  /** Viewer level 0-22. */
  level: number;
  /** Noble level 0-3 while active. */
  vip_level: number;
  /** Total in minor units (divide by 100 for display). */
  amount: number;
}

/** A board for one period. */
export interface RankingList {
  period: RankingPeriod;
  /** Beijing-time key of the period (YYYY-MM-DD or YYYY-MM). */
  period_key: string;
  list: RankingEntry[];
}

/** The talent list: anchors by gifts received and users by gifts given. */
export interface TalentList {
  period: RankingPeriod;
  period_key: string;
  anchors: RankingEntry[];
  users: RankingEntry[];
}
