/** Chinese (zh-CN) strings of the talent list; same keys as en-US. */
import type { RankingResource } from '../../types.ts';

export const ranking: RankingResource = {
  title: '达人榜',
  intro: '收到礼物最多的主播与送出礼物最多的用户。日榜与月榜按北京时间（GMT+8）统计。',
  periods: '榜单周期',
  day: '日榜',
  month: '月榜',
  anchors: '主播榜',
  anchorsHint: '按收礼统计',
  users: '贡献榜',
  usersHint: '按送礼统计',
  income: '收礼',
  contribution: '贡献',
  emptyAnchors: '本周期还没有主播收到礼物。',
  emptyUsers: '本周期还没有人送出礼物，去直播间送出第一份吧！',
  api: {
    noRoom: '该直播间不存在',
    badPeriod: '榜单周期只能是日榜或月榜',
    closed: '达人榜暂未开放',
  },
};
