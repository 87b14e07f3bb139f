/** The chat signature call (endpoint descriptor). */
import { get } from '../api/endpoint.ts';
import type { UserSigAnswer } from '../realtime/user-sig.ts';

export const tencentApi = {
  /** The caller's (or the device's guest's) chat id and signatures, for the hub and Tencent Chat. */
  userSig: get<UserSigAnswer>('/api/tencentIm/getUserSig'),
};
