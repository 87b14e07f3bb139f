/** zh-CN strings of recorded replays: the anchor centre's "My replays" and its calls. */
export const recordings = {
  api: {
    notOwner: '这条回放属于其他主播',
    badHidden: '请选择隐藏或显示回放',
  },
  mine: {
    tab: '我的回放',
    intro: '每场推流直播都会自动录制，结束后片刻即生成回放。隐藏的回放只在这里显示。',
    empty: '暂无回放。下一场直播将自动录制。',
    recorded: '录制于 {{when}}',
    views_one: '{{count}} 次观看',
    views_other: '{{count}} 次观看',
    hiddenBadge: '已隐藏',
    watch: '观看',
    hide: '隐藏',
    show: '显示',
    delete: '删除',
    confirmDelete: '删除“{{title}}”及其视频？删除后无法恢复。',
    hiddenDone: '回放已隐藏',
    shownDone: '回放已重新显示',
    deletedDone: '回放已删除',
    previous: '上一页',
    next: '下一页',
    pageOf: '第 {{page}} / {{pages}} 页',
  },
} as const;
