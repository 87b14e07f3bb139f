/** Chinese (zh-CN) messages of the accounts API; same keys as en-US. */
import type { AccountResource } from '../../types.ts';

export const accountApi: AccountResource['api'] = {
  deviceRequired: '浏览器未提供设备标识，请刷新页面',
  captchaRequired: '请先完成滑块验证',
  codeTooSoon: '验证码发送过于频繁，请一分钟后再试',
  codeDailyLimit: '今日该号码获取验证码次数已达上限',
  codeInvalid: '验证码错误或已过期',
  notRegistered: '该号码尚未注册，正在为您创建账号',
  badCredentials: '手机号或密码错误',
  sliderAgain: '该号码密码错误次数过多，请重新完成滑块验证后再试',
  hashInvalid: '验证已失效，请重新验证手机号',
  alreadyRegistered: '该号码已注册，请直接登录',
  resetDone: '密码修改成功，请使用新密码登录',
};
