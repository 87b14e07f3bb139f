/** Demo fans: members who give gifts, so the rankings have people in them. Plain data. */
import type { DemoAccount } from './people.ts';

/** Fans 13900000020-27; avatars drawn by scripts/make-demo-art.ts like the other accounts. */
export const DEMO_FANS: readonly DemoAccount[] = [
  ['13900000020', '球迷阿豪', 'f1', ['#22d37e', '#00d1ff'], 10_900, 2],
  ['13900000021', 'NightOwl', 'f2', ['#7c5cff', '#2b3550'], 4_900, 0],
  ['13900000022', '篮板王', 'f3', ['#ff6b3d', '#ffb800'], 16_900, 1],
  ['13900000023', 'LunaFan', 'f4', ['#e41eb1', '#7c5cff'], 2_500, 0],
  ['13900000024', '追风少年', 'f5', ['#00d1ff', '#22d37e'], 36_100, 3],
  ['13900000025', 'GoalGirl', 'f6', ['#ff3b5c', '#e41eb1'], 900, 0],
  ['13900000026', '电竞小白', 'f7', ['#113bd0', '#00d1ff'], 6_400, 0],
  ['13900000027', 'AcePoint', 'f8', ['#ffb800', '#22d37e'], 44_100, 0],
].map(([mobile, nickName, avatar, colors, exp, vipLevel]) => ({
  mobile: mobile as string,
  nickName: nickName as string,
  avatar: avatar as string,
  colors: colors as [string, string],
  role: 1 as const,
  exp: exp as number,
  vipLevel: vipLevel as number,
  ...((vipLevel as number) > 0 ? { vipDays: 20 } : {}),
  gold: 0,
  diamond: 0,
  income: 0,
}));
