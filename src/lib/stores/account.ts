/**
 * The login dialog's state and actions (spec §2, §4): SMS and password modes, the forgot-password
 * wizard, the slide captcha, the 60 s countdown, automatic registration and logout.
 * Components only render these stores and call these actions.
 */
import { atom, map } from 'nanostores';
import { ApiCallError, call, request } from '../api/client.ts';
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
  formatCodeInput,
  formatPhoneInput,
} from '../validation/account.ts';
import { firstIssueMessage } from '../validation/messages.ts';
import { closeDialog } from './dialogs.ts';
import { $locale } from './locale.ts';
import { $userInfo, clearSession, saveSession, type StoredUserInfo } from './session.ts';
import { showToast } from './toast.ts';
import type { z } from 'zod';

/** 2 SMS code (default), 1 password, 3 forgot password. */
export type LoginMode = 1 | 2 | 3;

/** Spec §9: seconds before a code can be sent again. */
export const RESEND_SECONDS = 60;
/** Display size of the captcha picture and its natural width (spec §9). */
export const CAPTCHA_VIEW = {
  width: 480,
  height: 202,
  naturalWidth: 590,
  naturalHeight: 360,
} as const;

/** Current mode. */
export const $loginMode = atom<LoginMode>(2);
/** Step of the forgot-password wizard: 1 verify phone, 2 new password, 3 done. */
export const $forgotStep = atom<1 | 2 | 3>(1);
/** The form (spec §3: phone, code, passwd, passwd1, passwd2). */
export const $loginForm = map({ phone: '', code: '', passwd: '', passwd1: '', passwd2: '' });
/** Which password fields show their text. */
export const $passwordVisible = map({ passwd: false, passwd1: false, passwd2: false });
/** The red line under the form. */
export const $loginError = atom('');
/** Seconds left before 'resend'; 0 when a code can be sent. */
export const $countdown = atom(0);
/** True once a code was sent in this dialog (the button then reads 'resend'). */
export const $codeSent = atom(false);
/** A request of the dialog is under way. */
export const $loginBusy = atom(false);

/** A captcha challenge from the server. */
export interface CaptchaChallenge {
  id: string;
  image: string;
  slide: string;
  y: number;
  test_x?: number;
}

/** The captcha overlay: what it unlocks, the picture, and its feedback. */
export interface CaptchaState {
  next: 'login' | 'code';
  challenge: CaptchaChallenge | null;
  status: 'loading' | 'ready' | 'checking' | 'success' | 'fail';
}

/** The open captcha, or null. */
export const $captcha = atom<CaptchaState | null>(null);

let mobileHash = '';
let timer: ReturnType<typeof setInterval> | undefined;

const t = () => createI18n($locale.get());

function check<S extends z.ZodType>(schema: S, value: unknown): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? '' : firstIssueMessage(parsed.error, t());
}

/** Sets a field, applying the phone (3-4-4) and code (digits, max 4) formats. */
export function setLoginField(field: keyof ReturnType<typeof $loginForm.get>, value: string): void {
  const formatted =
    field === 'phone' ? formatPhoneInput(value) : field === 'code' ? formatCodeInput(value) : value;
  $loginForm.setKey(field, formatted);
  $loginError.set('');
}

/** Shows or hides a password field. */
export function togglePasswordVisible(field: 'passwd' | 'passwd1' | 'passwd2'): void {
  $passwordVisible.setKey(field, !$passwordVisible.get()[field]);
}

/** Switches between code (2), password (1) and forgot (3) modes. */
export function setLoginMode(mode: LoginMode): void {
  $loginMode.set(mode);
  $forgotStep.set(1);
  $loginError.set('');
}

/** Back from step 2 of the wizard to step 1. */
export function backToPhoneStep(): void {
  $forgotStep.set(1);
  $loginError.set('');
}

/** Closing: mode back to 2, form, toggles and messages cleared. */
export function resetLoginDialog(): void {
  $loginMode.set(2);
  $forgotStep.set(1);
  $loginForm.set({ phone: '', code: '', passwd: '', passwd1: '', passwd2: '' });
  $passwordVisible.set({ passwd: false, passwd1: false, passwd2: false });
  $loginError.set('');
  $captcha.set(null);
  mobileHash = '';
}

/** Closes the dialog and resets it. */
export function closeLoginDialog(): void {
  resetLoginDialog();
  closeDialog();
}

function phone(): string {
  return phoneDigits($loginForm.get().phone.trim());
}

/** Whether the main button is enabled (spec §4). */
export function canSubmit(
  mode: LoginMode,
  step: number,
  form: ReturnType<typeof $loginForm.get>,
): boolean {
  if (mode === 2) return Boolean(form.phone.trim() && form.code.trim());
  if (mode === 1) return Boolean(form.phone.trim() && form.passwd.trim());
  if (step === 1) return Boolean(form.phone.trim() && form.code.trim());
  return Boolean(form.passwd1.trim() && form.passwd2.trim());
}

function startCountdown(): void {
  clearInterval(timer);
  $countdown.set(RESEND_SECONDS);
  $codeSent.set(true);
  timer = setInterval(() => {
    const left = $countdown.get() - 1;
    $countdown.set(Math.max(0, left));
    if (left <= 0) clearInterval(timer);
  }, 1000);
}

async function loadChallenge(): Promise<void> {
  const current = $captcha.get();
  if (!current) return;
  $captcha.set({ ...current, challenge: null, status: 'loading' });
  try {
    const challenge = await call<CaptchaChallenge>('post', '/api/captcha_path');
    const open = $captcha.get();
    if (open) $captcha.set({ ...open, challenge, status: 'ready' });
  } catch (err) {
    $captcha.set(null);
    showToast((err as Error).message, 'error');
  }
}

/** 'Send code': checks the phone, then opens the captcha; the code is sent after it passes. */
export function requestCode(): void {
  const error = check(mobileSchema, $loginForm.get().phone);
  if (error) {
    $loginError.set(error);
    return;
  }
  $captcha.set({ next: 'code', challenge: null, status: 'loading' });
  void loadChallenge();
}

/** New picture. */
export function refreshCaptcha(): void {
  void loadChallenge();
}

/** Closes the captcha without doing anything. */
export function closeCaptcha(): void {
  $captcha.set(null);
}

/** Release of the slider at `left` display px: verify with x scaled to the 590-wide picture. */
export async function releaseCaptcha(left: number): Promise<void> {
  const state = $captcha.get();
  if (!state?.challenge || state.status !== 'ready') return;
  $captcha.set({ ...state, status: 'checking' });
  const x = Math.round((left * CAPTCHA.naturalWidth) / CAPTCHA.viewWidth);
  let passed = false;
  try {
    passed = await call<boolean>('post', '/api/captcha_verify', { id: state.challenge.id, x });
  } catch {
    passed = false;
  }
  if (!passed) {
    $captcha.set({ ...state, status: 'fail' });
    setTimeout(() => void loadChallenge(), 800);
    return;
  }
  $captcha.set({ ...state, status: 'success' });
  setTimeout(() => {
    $captcha.set(null);
    if (state.next === 'login') void passwordLogin();
    else void sendCode();
  }, 1000);
}

async function sendCode(): Promise<void> {
  const reset = $loginMode.get() === 3;
  $loginBusy.set(true);
  try {
    await call('post', '/api/user/sendCode', { mobile: phone(), is_change_mobile: reset ? 1 : 0 });
    startCountdown();
    if (!reset) showToast(t()('account.ui.sent'), 'success');
  } catch (err) {
    showToast((err as Error).message, 'error');
  } finally {
    $loginBusy.set(false);
  }
}

interface LoginData extends StoredUserInfo {
  token: string;
  id: number;
  mobile_hash?: string;
}

async function finishLogin(data: LoginData): Promise<void> {
  saveSession(data.token, data.id);
  $userInfo.set({ ...data, token: undefined });
  await refreshUserInfo();
  location.reload();
}

async function register(hash: string): Promise<void> {
  const room = /^\/liveMatchesTwo\/(\d+)/.exec(location.pathname);
  try {
    const data = await call<LoginData>('post', '/webapi/user/register', {
      account: phone(),
      mobile_hash: hash,
      platform: 0,
      pwd: '',
      sex: 0,
      device_info: deviceId(),
      reg_source_id: channelForHost(location.hostname),
      website: location.host,
      anchor_id: room ? Number(room[1]) : 0,
    });
    showToast(t()('account.ui.registered'), 'success');
    await finishLogin(data);
  } catch (err) {
    const message = err instanceof ApiCallError && err.status === 1 ? err.message : '';
    $loginError.set(message || t()('account.ui.registerFailed'));
  }
}

async function login(loginType: 1 | 2, pwd: string): Promise<void> {
  $loginBusy.set(true);
  try {
    const res = await request<LoginData>('post', '/api/user/login', {
      account: phone(),
      pwd,
      platform: 0,
      login_type: loginType,
      source_id: 10001,
      website: location.host,
    });
    if (res.status === API_STATUS.ok) await finishLogin(res.data);
    else if (res.status === API_STATUS.needsRegistration && res.data.mobile_hash) {
      await register(res.data.mobile_hash);
    } else $loginError.set(res.msg);
  } catch (err) {
    $loginError.set((err as Error).message);
  } finally {
    $loginBusy.set(false);
  }
}

async function passwordLogin(): Promise<void> {
  await login(1, $loginForm.get().passwd.trim());
}

/** The main button of modes 2 and 1: validate, then log in (password mode passes the captcha first). */
export function submitLogin(): void {
  const form = $loginForm.get();
  const mode = $loginMode.get();
  const error =
    check(mobileSchema, form.phone) ||
    (mode === 2 ? check(smsCodeSchema, form.code) : check(loginPasswordSchema, form.passwd));
  if (error) {
    $loginError.set(error);
    return;
  }
  if (mode === 2) {
    void login(2, form.code.trim());
    return;
  }
  $captcha.set({ next: 'login', challenge: null, status: 'loading' });
  void loadChallenge();
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
    const data = await call<{ mobile_hash: string }>('post', '/api/user/readyForTakeOff', {
      mobile: phone(),
      smscode: form.code.trim(),
    });
    mobileHash = data.mobile_hash;
    $forgotStep.set(2);
    $loginError.set('');
  } catch (err) {
    $loginError.set((err as Error).message);
  } finally {
    $loginBusy.set(false);
  }
}

/** Wizard step 2: set the new password; the server's message is toasted after 1 s. */
export async function resetPassword(): Promise<void> {
  const { passwd1, passwd2 } = $loginForm.get();
  const error = check(newPasswordPairSchema, { passwd1, passwd2 });
  if (error) {
    $loginError.set(error);
    return;
  }
  $loginBusy.set(true);
  try {
    const res = await request<null>('post', '/api/user/forgetPwdHash', {
      mobile: phone(),
      mobile_hash: mobileHash,
      pwd: passwd1.trim(),
    });
    if (res.status !== API_STATUS.ok) {
      $loginError.set(res.msg);
      return;
    }
    $forgotStep.set(3);
    setTimeout(() => showToast(res.msg, 'success'), 1000);
  } catch (err) {
    $loginError.set((err as Error).message);
  } finally {
    $loginBusy.set(false);
  }
}

/** Reloads the user info (getUserInfo) into local storage `userInfo`. */
export async function refreshUserInfo(): Promise<void> {
  const info = await call<StoredUserInfo>('get', '/api/user/getUserInfo');
  $userInfo.set({ ...$userInfo.get(), ...info });
}

/** Logs out: tells the server, clears the stored session, reloads. */
export async function logout(): Promise<void> {
  try {
    await call('post', '/api/user/logout');
  } catch (err) {
    console.warn('logout call failed', err);
  }
  clearSession();
  location.reload();
}
