/** zh-CN strings of comment management. */
import type { CommentAdminResource } from '../../types.ts';

export const commentAdmin: CommentAdminResource = {
  manage: '评论管理',
  intro: '你管理的直播间的最新聊天，以及被禁言的用户。',
  loginFirst: '登录后即可管理你的直播间评论。',
  login: '登录',
  noRooms: '你还没有可管理的直播间。主播和房管可以在这里管理评论。',
  room: '直播间',
  ownRoom: '我的直播间',
  live: '直播中',
  offline: '未开播',
  openRoom: '进入直播间',
  refresh: '刷新',
  messages: '最新消息',
  bans: '禁言用户',
  noMessages: '暂无消息。',
  noBans: '暂无禁言用户。',
  deleted: '已删除',
  delete: '删除',
  unban: '解除禁言',
  permanent: '永久',
  until: '至 {{time}}',
  reason: '原因：{{reason}}',
  failed: '评论加载失败，请重试。',
};
