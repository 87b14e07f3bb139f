/** Chinese (zh-CN) messages of the accounts API; same keys as en-US. */
import type { AccountResource } from '../../types.ts';

export const accountApi: AccountResource['api'] = {};
