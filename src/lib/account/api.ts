/** The account calls of the login dialog (spec §2, §4): captcha, codes, login, registration, reset, user info, logout. */
import type { z } from 'zod';
import { get, post } from '../api/endpoint.ts';
import type { StoredUserInfo } from '../stores/session.ts';
import type {
  captchaVerifyRequest,
  forgetPwdHashRequest,
  readyForTakeOffRequest,
  registerRequest,
  sendCodeRequest,
} from '../validation/account.ts';

/** A captcha challenge from the server (test_x only under CAPTCHA_TEST_SOLUTION=1). */
export interface CaptchaChallenge {
  id: string;
  image: string;
  slide: string;
  y: number;
  /** Only with CAPTCHA_TEST_SOLUTION=1. */
  test_x?: number;
}

/** What login and registration answer: the session's token and the user info. */
export type SessionData = StoredUserInfo & { token: string; id: number };

/** What login sends: the phone, and a code (login_type 2) or the password (1). */
export type LoginParams = {
  account: string;
  pwd: string;
  login_type: 1 | 2;
  platform?: number;
  source_id?: number;
  website?: string;
};

/** What login answers: a session (status 0), or the mobile_hash to register with (301). */
export type LoginAnswer = SessionData & { mobile_hash?: string };

export const accountApi = {
  /** A new slide-captcha picture for this device. */
  captchaPath: post<CaptchaChallenge>('/api/captcha_path'),
  /** Checks where the piece was dropped; true passes the captcha. */
  captchaVerify: post<boolean, z.input<typeof captchaVerifyRequest>>('/api/captcha_verify'),
  /** Sends a login or password-reset code to a phone (after the captcha). */
  sendCode: post<null, z.input<typeof sendCodeRequest>>('/api/user/sendCode'),
  /** Logs in by code or password; 301 carries a mobile_hash for automatic registration. */
  login: post<LoginAnswer, LoginParams>('/api/user/login'),
  /** Registers the phone a login code proved, and logs the new user in. */
  register: post<SessionData, z.input<typeof registerRequest>>('/webapi/user/register'),
  /** Trades a reset code for the mobile_hash that allows setting a new password. */
  readyForTakeOff: post<{ mobile_hash: string }, z.input<typeof readyForTakeOffRequest>>(
    '/api/user/readyForTakeOff',
  ),
  /** Sets a forgotten password with the reset's mobile_hash; the message says it is done. */
  forgetPwdHash: post<null, z.input<typeof forgetPwdHashRequest>>('/api/user/forgetPwdHash'),
  /** The signed-in user's info. */
  userInfo: get<StoredUserInfo>('/api/user/getUserInfo'),
  /** The signed-in user's wallet and level (the same record as the user info). */
  userAsset: get<StoredUserInfo>('/api/user/getUserAsset'),
  /** Ends the caller's session. */
  logout: post<null>('/api/user/logout'),
};
