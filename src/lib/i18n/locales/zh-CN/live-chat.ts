/** zh-CN strings of live-room chat. */
import type { LiveChatResource } from '../../types.ts';

/** Chat refusals, bans and moderation replies. */
export const liveChat: LiveChatResource = {
  refused: {
    empty: '输入不能为空',
    tooLong: '单条消息最多 100 个字',
    rate: '您发言太频繁，请稍后再试',
    link: '禁止发送链接',
    numberLimit: '数字消息已达上限',
    advertising: '您的发言内容涉嫌广告',
    repeated: '您的发言内容涉嫌广告',
    banned: '您已被禁言',
    guest: '登录后才能发言',
  },
  bannedFor: '因{{reason}}，您被禁言{{time}}',
  muted: '您已被禁言',
  reasons: {
    advertising: '广告诈骗',
    porn: '低俗色情',
    false_info: '虚假信息',
    abuse: '辱骂攻击',
    illegal: '违法信息',
    political: '涉政内容',
    others: '其他原因',
    auto: '违反聊天规则',
  },
  units: {
    minute_one: '{{count}} 分钟',
    minute_other: '{{count}} 分钟',
    hour_one: '{{count}} 小时',
    hour_other: '{{count}} 小时',
    day_one: '{{count}} 天',
    day_other: '{{count}} 天',
    permanent: '永久',
  },
  acks: {
    ban: '禁言成功',
    unban: '解除禁言成功',
    deleteMsg: '删除发言成功',
    clearChat: '已清屏',
    announce: '设置成功',
  },
  errors: {
    authFailed: '认证失败',
    noRoom: '直播间不存在',
    notInRoom: '请先进入直播间',
    forbidden: '您没有权限执行此操作',
    flood: '消息太多，请慢一点',
    badInput: '输入不能为空',
    deleteFailed: '删除失败',
    notBanned: '该用户未被禁言',
    cannotBan: '不能禁言该用户',
  },
};
