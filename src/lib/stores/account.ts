/**
 * The login dialog's actions (spec §2, §4): the slide captcha, sending codes with the 60 s
 * countdown, login, automatic registration and the forgot-password wizard's calls; then user info
 * refreshes and logout. The form they read and set is in login-form.ts; components only render
 * those stores and call these actions.
 */
import { atom } from 'nanostores';
import { accountApi, type CaptchaChallenge, type SessionData } from '../account/api.ts';
import { ApiCallError, send, sendForEnvelope } from '../api/client.ts';
import { API_STATUS } from '../api/envelope.ts';
import { CAPTCHA } from '../captcha.ts';
import { channelForHost } from '../channel.ts';
import { deviceId } from '../device.ts';
import { createI18n } from '../i18n/index.ts';
import {
  loginPasswordSchema,
  mobileSchema,
  newPasswordPairSchema,
  phoneDigits,
  smsCodeSchema,
} from '../validation/account.ts';
import { firstIssueMessage } from '../validation/messages.ts';
import { closeDialog } from './dialogs.ts';
import { $locale } from './locale.ts';
import {
  $codeSent,
  $countdown,
  $forgotStep,
  $loginBusy,
  $loginError,
  $loginForm,
  $loginMode,
  clearSecrets,
  resetLoginForm,
} from './login-form.ts';
import { $userInfo, clearSession, saveSession } from './session.ts';
import { showToast } from './toast.ts';
import type { z } from 'zod';

/** Timings of spec §9. */
export const ACCOUNT_TIMING = {
  /** Seconds before a code can be sent again. */
  resendSeconds: 60,
  /** Captcha success flash before going on. */
  captchaSuccessMs: 1000,
  /** Captcha failure shown before the slider resets. */
  captchaFailMs: 800,
  /** Delay of the password-reset success toast. */
  resetToastMs: 1000,
  /** 'registration success' stays this long before the page reloads. */
  registeredReloadMs: 900,
} as const;

export type { CaptchaChallenge } from '../account/api.ts';

/** The open captcha: what passing it unlocks, the picture, and its feedback. */
export interface CaptchaState {
  /** Log in (password mode), send the login code, or go on with another form's step. */
  next: 'login' | 'code' | (() => void);
  challenge: CaptchaChallenge | null;
  status: 'loading' | 'ready' | 'checking' | 'success' | 'fail';
}

/** The open captcha, or null. */
export const $captcha = atom<CaptchaState | null>(null);

let mobileHash = '';
let countdownTimer: ReturnType<typeof setInterval> | undefined;
// Bumped whenever the captcha opens or closes, so late answers and timers of an old one are ignored.
let captchaSeq = 0;
let assetRefreshedAt = 0;

const t = () => createI18n($locale.get());

function check<S extends z.ZodType>(schema: S, value: unknown): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? '' : firstIssueMessage(parsed.error, t());
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function phone(): string {
  return phoneDigits($loginForm.get().phone.trim());
}

/** Closing: mode back to 2, form, toggles, messages and captcha cleared (the countdown runs on). */
export function resetLoginDialog(): void {
  resetLoginForm();
  closeCaptcha();
  mobileHash = '';
}

/** The close icon: closes the dialog and resets it. */
export function closeLoginDialog(): void {
  resetLoginDialog();
  closeDialog();
}

/** Escape: closes the captcha when it is open, otherwise the dialog. */
export function dismissLogin(): void {
  if ($captcha.get()) closeCaptcha();
  else closeLoginDialog();
}

function startCountdown(): void {
  clearInterval(countdownTimer);
  $countdown.set(ACCOUNT_TIMING.resendSeconds);
  $codeSent.set(true);
  countdownTimer = setInterval(() => {
    const left = Math.max(0, $countdown.get() - 1);
    $countdown.set(left);
    if (left === 0) clearInterval(countdownTimer);
  }, 1000);
}

async function loadChallenge(seq: number): Promise<void> {
  const open = $captcha.get();
  if (!open) return;
  // The old picture stays until the new one arrives, so a refresh does not flash empty.
  $captcha.set({ ...open, status: 'loading' });
  try {
    const challenge = await send(accountApi.captchaPath);
    const current = $captcha.get();
    if (current && seq === captchaSeq) $captcha.set({ ...current, challenge, status: 'ready' });
  } catch (err) {
    if (seq !== captchaSeq) return;
    closeCaptcha();
    showToast(errorText(err), 'error');
  }
}

/** Opens the captcha; passing it logs in (password mode), sends the code, or calls `next`. */
export function openCaptcha(next: CaptchaState['next']): void {
  captchaSeq += 1;
  $captcha.set({ next, challenge: null, status: 'loading' });
  void loadChallenge(captchaSeq);
}

/** A new picture. */
export function refreshCaptcha(): void {
  const state = $captcha.get();
  if (!state || state.status === 'checking' || state.status === 'success') return;
  void loadChallenge(captchaSeq);
}

/** Closes the captcha without going on. */
export function closeCaptcha(): void {
  captchaSeq += 1;
  $captcha.set(null);
}

/**
 * Release of the slider with the piece's left edge at `displayX` (px of the 480-wide picture):
 * verifies x scaled to the 590-wide natural picture; success flashes 1 s and goes on, failure
 * shows 0.8 s and loads a new picture (a challenge is good for one try).
 */
export async function verifyCaptcha(displayX: number): Promise<void> {
  const state = $captcha.get();
  if (!state?.challenge || state.status !== 'ready') return;
  const seq = captchaSeq;
  $captcha.set({ ...state, status: 'checking' });
  const x = Math.round((displayX * CAPTCHA.naturalWidth) / CAPTCHA.viewWidth);
  let passed = false;
  try {
    passed = await send(accountApi.captchaVerify, { id: state.challenge.id, x });
  } catch {
    passed = false;
  }
  if (seq !== captchaSeq) return;
  $captcha.set({ ...state, status: passed ? 'success' : 'fail' });
  if (!passed) {
    setTimeout(() => {
      if (seq === captchaSeq) void loadChallenge(seq);
    }, ACCOUNT_TIMING.captchaFailMs);
    return;
  }
  setTimeout(() => {
    if (seq !== captchaSeq) return;
    closeCaptcha();
    if (state.next === 'login') void login(1);
    else if (state.next === 'code') void sendCode();
    else state.next();
  }, ACCOUNT_TIMING.captchaSuccessMs);
}

/** 'Get code': checks the phone, then opens the captcha; the code is sent once it passes. */
export function requestCode(): void {
  const error = check(mobileSchema, $loginForm.get().phone);
  if (error) $loginError.set(error);
  else openCaptcha('code');
}

/**
 * Sends the code (after the captcha): a login code in modes 2 and 1, a reset code in mode 3.
 * Success starts the 60 s countdown; only login codes say 'sent successfully'. Errors are toasts.
 */
export async function sendCode(): Promise<void> {
  const reset = $loginMode.get() === 3;
  $loginBusy.set(true);
  try {
    await send(accountApi.sendCode, { mobile: phone(), is_change_mobile: reset ? 1 : 0 });
    startCountdown();
    if (!reset) showToast(t()('account.ui.sent'), 'success');
  } catch (err) {
    showToast(errorText(err), 'error');
  } finally {
    $loginBusy.set(false);
  }
}

/** Saves what login or registration returned, merges fresh user info, then reloads. */
async function finishLogin(data: SessionData, reloadDelayMs = 0): Promise<void> {
  const { token, ...info } = data;
  saveSession(token, data.id);
  $userInfo.set({ ...$userInfo.get(), ...info });
  try {
    await refreshUserInfo();
  } catch (err) {
    // The login answer already carries the user info; a failed refresh must not undo the login.
    console.warn('user info refresh failed', err);
  }
  setTimeout(() => location.reload(), reloadDelayMs);
}

/** The live room the dialog was opened from (registration attribution), or 0. */
export function anchorIdFromPath(pathname: string): number {
  const room = /^\/liveMatchesTwo\/(\d+)(?:\/|$)/.exec(pathname);
  return room ? Number(room[1]) : 0;
}

/** Automatic registration after a 301, with the mobile_hash it carried. */
export async function register(hash: string): Promise<void> {
  try {
    const data = await send(accountApi.register, {
      account: phone(),
      mobile_hash: hash,
      platform: 0,
      pwd: '',
      sex: 0,
      device_info: deviceId(),
      reg_source_id: channelForHost(location.hostname),
      website: location.host,
      anchor_id: anchorIdFromPath(location.pathname),
    });
    showToast(t()('account.ui.registered'), 'success');
    await finishLogin(data, ACCOUNT_TIMING.registeredReloadMs);
  } catch (err) {
    const message =
      err instanceof ApiCallError && err.status === API_STATUS.error ? err.message : '';
    $loginError.set(message || t()('account.ui.registerFailed'));
  }
}

/** Logs in by code (2) or password (1); 0 saves and reloads, 301 registers, errors go to the red line. */
export async function login(loginType: 1 | 2): Promise<void> {
  const form = $loginForm.get();
  $loginBusy.set(true);
  try {
    const res = await sendForEnvelope(accountApi.login, {
      account: phone(),
      pwd: (loginType === 2 ? form.code : form.passwd).trim(),
      platform: 0,
      login_type: loginType,
      source_id: 10001,
      website: location.host,
    });
    if (res.status === API_STATUS.ok) await finishLogin(res.data);
    else if (res.status === API_STATUS.needsRegistration && res.data?.mobile_hash) {
      await register(res.data.mobile_hash);
    } else $loginError.set(res.msg);
  } catch (err) {
    $loginError.set(errorText(err));
  } finally {
    $loginBusy.set(false);
  }
}

/** The main button of modes 2 and 1: validates, then logs in (password mode passes the captcha first). */
export function submitLogin(): void {
  const form = $loginForm.get();
  const mode = $loginMode.get();
  const error =
    check(mobileSchema, form.phone) ||
    (mode === 1 ? check(loginPasswordSchema, form.passwd) : check(smsCodeSchema, form.code));
  if (error) $loginError.set(error);
  else if (mode === 1) openCaptcha('login');
  else void login(2);
}

/** Wizard step 1: the reset code buys a mobile_hash, then step 2. */
export async function verifyResetCode(): Promise<void> {
  const form = $loginForm.get();
  const error = check(mobileSchema, form.phone) || check(smsCodeSchema, form.code);
  if (error) {
    $loginError.set(error);
    return;
  }
  $loginBusy.set(true);
  try {
    const data = await send(accountApi.readyForTakeOff, {
      mobile: phone(),
      smscode: form.code.trim(),
    });
    mobileHash = data.mobile_hash;
    $forgotStep.set(2);
    $loginError.set('');
  } catch (err) {
    $loginError.set(errorText(err));
  } finally {
    $loginBusy.set(false);
  }
}

/** Wizard step 2: sets the new password; step 3 follows and the server's message is toasted after 1 s. */
export async function resetPassword(): Promise<void> {
  const { passwd1, passwd2 } = $loginForm.get();
  const error = check(newPasswordPairSchema, { passwd1, passwd2 });
  if (error) {
    $loginError.set(error);
    return;
  }
  $loginBusy.set(true);
  try {
    const res = await sendForEnvelope(accountApi.forgetPwdHash, {
      mobile: phone(),
      mobile_hash: mobileHash,
      pwd: passwd1.trim(),
    });
    if (res.status !== API_STATUS.ok) {
      $loginError.set(res.msg);
      return;
    }
    $forgotStep.set(3);
    clearSecrets();
    setTimeout(() => showToast(res.msg, 'success'), ACCOUNT_TIMING.resetToastMs);
  } catch (err) {
    $loginError.set(errorText(err));
  } finally {
    $loginBusy.set(false);
  }
}

/** Reloads the user info (getUserInfo) and merges it into local storage `userInfo`. */
export async function refreshUserInfo(): Promise<void> {
  const info = await send(accountApi.userInfo);
  $userInfo.set({ ...$userInfo.get(), ...info });
}

/** Merges getUserAsset (wallet, level) into the stored info; at most once per `maxAgeMs`. */
export async function refreshUserAsset(maxAgeMs = 30_000): Promise<void> {
  if (Date.now() - assetRefreshedAt < maxAgeMs) return;
  assetRefreshedAt = Date.now();
  const info = await send(accountApi.userAsset);
  $userInfo.set({ ...$userInfo.get(), ...info });
}

/** Logs out: tells the server, clears token, id and userInfo from local storage, reloads. */
export async function logout(): Promise<void> {
  try {
    await send(accountApi.logout);
  } catch (err) {
    console.warn('logout call failed', err);
  }
  clearSession();
  location.reload();
}
