/** Chinese (zh-CN) strings of the content pages; same keys as en-US. */
import type { ContentResource } from '../../types.ts';

export const content: ContentResource = {
  fallback: '本页暂无中文版本，以下为英文内容。',
  notice: {
    intro: '竞技直播官方公告：系统维护、赛事活动与规则更新。',
    pinned: '置顶',
    empty: '暂无公告。',
    count_one: '共 {{count}} 条公告',
    count_other: '共 {{count}} 条公告',
  },
  help: {
    intro: '球迷和主播最常问的问题，按主题分类解答。',
    contents: '目录',
    toTopics: '全部主题',
    articles_one: '{{count}} 篇',
    articles_other: '{{count}} 篇',
    categories: {
      account: '账号与登录',
      wallet: '钱包与充值',
      live: '观看与礼物',
      anchor: '主播专区',
      community: '社区规范',
    },
    moreTitle: '仍需要帮助？',
    moreBody: '客服团队每天 09:00-24:00（北京时间）在线为你解答。',
    contact: '联系我们',
    feedback: '意见反馈',
  },
  agreement: {
    updated: '生效日期：{{date}}',
    others: '其他协议',
    home: '返回竞技直播',
    names: {
      '1': '用户协议',
      '2': '隐私政策',
      '3': '直播协议',
      '4': '充值协议',
    },
  },
  about: {
    nav: '关于竞技直播',
    names: {
      '1': '关于我们',
      '2': '联系我们',
      '3': '意见反馈',
      '4': '商务合作',
    },
    licences: '资质证照',
  },
  activity: {
    intro: '竞技直播正在进行的活动、挑战与福利。',
    empty: '暂无活动，敬请期待。',
    states: { upcoming: '未开始', running: '进行中', ended: '已结束' },
    period: '活动时间',
    zone: '北京时间',
    details: '查看详情',
    all: '全部活动',
  },
  urgent: {
    kicker: '紧急公告',
    issued: '发布于 {{date}}',
    notices: '全部公告',
  },
  certificate: {
    intro: '竞技直播依法取得的经营资质，向用户和合作伙伴公示。',
    holder: '持证单位',
    number: '证书编号',
    issuer: '发证机关',
    issued: '发证日期',
    expires: '有效期至',
    specimen: '仅供公示查阅。样本水印表明此副本不能作为原件使用。',
    others: '资质证照',
    longTerm: '长期',
    enlarge: '查看大图',
  },
};
