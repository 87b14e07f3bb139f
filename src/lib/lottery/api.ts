/** The lottery calls (endpoint descriptors): the prizes and chances, the draws so far and a draw. */
import { post } from '../api/endpoint.ts';
import type { DrawResult, LotteryHistoryPage, LotteryInfo } from '../rewards/api.ts';

export const lotteryApi = {
  /** The prizes, their odds and the caller's chances left, for everyone. */
  info: post<LotteryInfo>('/api/lottery/getLotteryInfo'),
  /** A page of the caller's draws, newest first. */
  history: post<LotteryHistoryPage, { page: number; size: number }>(
    '/api/lottery/getLotteryHistory',
  ),
  /** Draws a prize for the caller and pays it. */
  draw: post<DrawResult>('/api/lottery/draw'),
};
