/** zh-CN strings of a replay's chat track: the chat-replay panel, its barrage input and calls. */
export const replayChat = {
  api: {
    badWindow: '请选择回放的一段：开始与更晚的结束时间，单位毫秒',
    badOffset: '这个时间点不在回放之内',
    badProps: '请选择喇叭或彩色弹幕道具',
    behindTicket: '门票直播结束后才能查看这条回放的聊天',
    forbidden: '只有主播和房管可以删除回放弹幕',
    noComment: '这条弹幕已不存在',
  },
  panel: {
    title: '聊天回放',
    empty: '直播到这里还没有人发言',
    loading: '正在加载聊天…',
    failed: '聊天加载失败，播放时会自动重试',
    at: '于 {{time}}',
    added: '回放弹幕',
    remove: '删除这条弹幕',
    removed: '弹幕已删除',
  },
  input: {
    label: '在当前时间点发送弹幕',
    placeholder: '在 {{time}} 说点什么…',
    send: '发送',
    login: '登录后发送弹幕',
    sent: '已在 {{time}} 发送',
  },
} as const;
