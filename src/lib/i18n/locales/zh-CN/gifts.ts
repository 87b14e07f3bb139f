/** zh-CN strings of gifts. */
import type { GiftsResource } from '../../types.ts';

export const gifts: GiftsResource = {
  panel: {
    title: '礼物',
    open: '送礼物',
    close: '关闭礼物',
    gifts: '礼物',
    backpack: '背包',
    balance: '宝石',
    recharge: '充值',
    count: '数量',
    combo: '连击！',
    send: '赠送',
    sending: '赠送中…',
    price_one: '{{price}} 宝石',
    price_other: '{{price}} 宝石',
    loginFirst: '登录后才能送礼物',
    empty: '暂时没有可赠送的礼物。',
    backpackEmpty: '背包是空的。',
    loadFailed: '礼物加载失败。',
  },
  chat: {
    sent: '送出 {{gift}}',
    combo: 'x{{hit}}',
  },
  errors: {
    insufficient: '余额不足，请充值',
    guest: '登录后才能送礼物',
    self: '不能在自己的直播间送礼物',
    badGift: '该礼物无法赠送',
    noGift: '该礼物已下架',
    failed: '礼物发送失败，请重试',
  },
};
