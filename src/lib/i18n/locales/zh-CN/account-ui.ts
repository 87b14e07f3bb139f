/** Chinese (zh-CN) strings of the login dialog, slide captcha and user card; same keys as en-US. */
import type { AccountResource } from '../../types.ts';

export const accountUi: AccountResource['ui'] = {};
