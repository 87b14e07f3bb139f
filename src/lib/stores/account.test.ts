// @vitest-environment happy-dom
/**
 * The login flow stores (login-form.ts, account.ts): formats, enabling rules, captcha, countdown,
 * login, registration, reset.
 */
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../api/client.ts';
import type * as client from '../api/client.ts';
import type { ApiEnvelope } from '../api/envelope.ts';
import * as account from './account.ts';
import { $dialog, openLogin } from './dialogs.ts';
import { $locale } from './locale.ts';
import * as loginForm from './login-form.ts';
import { $token, $userId, $userInfo } from './session.ts';
import { $toast } from './toast.ts';
import { accountApi } from '../account/api.ts';

type Handler = (body: Record<string, unknown>) => ApiEnvelope<unknown>;

const api = vi.hoisted(() => ({
  routes: new Map<string, Handler>(),
  calls: [] as { path: string; body: Record<string, unknown> }[],
}));

vi.mock('../api/client.ts', async (importOriginal) => {
  const real = await importOriginal<typeof client>();
  const sendForEnvelope = (endpoint: { path: string }, body: Record<string, unknown> = {}) => {
    api.calls.push({ path: endpoint.path, body });
    const handler = api.routes.get(endpoint.path);
    if (!handler) return Promise.reject(new real.ApiCallError(`no route ${endpoint.path}`, -1));
    return Promise.resolve(handler(body));
  };
  return {
    ...real,
    sendForEnvelope,
    send: async (endpoint: { path: string }, body?: Record<string, unknown>) => {
      const envelope = await sendForEnvelope(endpoint, body);
      if (envelope.status !== 0) throw new real.ApiCallError(envelope.msg, envelope.status);
      return envelope.data;
    },
  };
});

const ok = <T>(data: T): ApiEnvelope<T> => ({ status: 0, msg: 'SUCCESS', data });
const refused = (msg: string): ApiEnvelope<null> => ({ status: 1, msg, data: null });
const USER = {
  id: 100020,
  nick_name: 'Fan0420',
  avatar: '/avatar-default.webp',
  level: 0,
  process: 0,
  remainder: 100,
  diamond: 0,
  gold: 0,
  mobile: '13812340001',
  formatPhone: '138****0001',
  vip_level: 0,
  role: 1,
};
const CHALLENGE = { id: 'c1', image: 'data:,', slide: 'data:,', y: 100 };
const reload = vi.fn();
/** Lets fake time pass (50 ms steps, promises settling in between) until `check` passes. */
async function until(check: () => void): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      check();
      return;
    } catch {
      await vi.advanceTimersByTimeAsync(50);
    }
  }
  check();
}
const bodyOf = (path: string) => api.calls.findLast((c) => c.path === path)?.body;

beforeAll(() => {
  // The session stores stay mounted, as on a page: mounting one restores it from storage, which
  // deletes missing keys, and happy-dom (unlike browsers) throws when a missing key is deleted.
  for (const store of [$token, $userId, $userInfo]) store.listen(() => undefined);
});

beforeEach(() => {
  vi.useFakeTimers();
  api.routes.clear();
  api.calls.length = 0;
  reload.mockReset();
  localStorage.clear();
  vi.stubGlobal('location', {
    pathname: '/home',
    host: 'arena.test',
    hostname: 'arena.test',
    reload,
  });
  $locale.set('en-US');
  account.resetLoginDialog();
  openLogin();
});

afterEach(async () => {
  // Let the countdown and flash timers of a test run out before the next one.
  await vi.runAllTimersAsync();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanStores($toast, $dialog);
});

describe('form', () => {
  it('shows the local validation messages in the red line, in the chosen language', () => {
    loginForm.setLoginField('phone', '12345');
    account.requestCode();
    expect(loginForm.$loginError.get()).toBe('please enter a valid phone number');
    expect(account.$captcha.get()).toBeNull();
    loginForm.setLoginMode(1);
    loginForm.setLoginField('phone', '13812340001');
    loginForm.setLoginField('passwd', 'abcdef');
    account.submitLogin();
    expect(loginForm.$loginError.get()).toBe('your password must contain letters and numbers');
    $locale.set('zh-CN');
    loginForm.setLoginField('passwd', 'a1');
    account.submitLogin();
    expect(loginForm.$loginError.get()).toMatch(/6/);
    expect(loginForm.$loginError.get()).not.toMatch(/[a-z]{4}/);
  });

  it('closing resets mode, form, toggles and the red line', () => {
    loginForm.setLoginMode(3);
    loginForm.setLoginField('phone', '13812340001');
    loginForm.togglePasswordVisible('passwd1');
    loginForm.$loginError.set('x');
    account.closeLoginDialog();
    expect(loginForm.$loginMode.get()).toBe(2);
    expect(loginForm.$forgotStep.get()).toBe(1);
    expect(loginForm.$loginForm.get().phone).toBe('');
    expect(loginForm.$passwordVisible.get().passwd1).toBe(false);
    expect(loginForm.$loginError.get()).toBe('');
    expect($dialog.get()).toBeNull();
  });
});

describe('captcha and code', () => {
  beforeEach(() => {
    api.routes.set(accountApi.captchaPath.path, () => ok(CHALLENGE));
    api.routes.set(accountApi.sendCode.path, () => ok(null));
    loginForm.setLoginField('phone', '138 1234 0001');
  });

  it('passes: x scaled to 590, 1 s flash, code sent, countdown 60 → 0, then resend', async () => {
    api.routes.set(accountApi.captchaVerify.path, () => ok(true));
    account.requestCode();
    await vi.advanceTimersByTimeAsync(0);
    expect(account.$captcha.get()).toMatchObject({ status: 'ready', next: 'code' });
    await account.verifyCaptcha(240);
    expect(bodyOf(accountApi.captchaVerify.path)).toEqual({ id: 'c1', x: 295 });
    expect(account.$captcha.get()?.status).toBe('success');
    await vi.advanceTimersByTimeAsync(999);
    expect(bodyOf(accountApi.sendCode.path)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(account.$captcha.get()).toBeNull();
    expect(bodyOf(accountApi.sendCode.path)).toEqual({
      mobile: '13812340001',
      is_change_mobile: 0,
    });
    expect(loginForm.$countdown.get()).toBe(60);
    expect($toast.get()).toMatchObject({ text: 'sent successfully', kind: 'success' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loginForm.$countdown.get()).toBe(30);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(loginForm.$countdown.get()).toBe(0);
    expect(loginForm.$codeSent.get()).toBe(true);
  });

  it('fails: shows the failure for 0.8 s, then a new picture and the slider back', async () => {
    let verified = 0;
    api.routes.set(accountApi.captchaVerify.path, () => ok(++verified > 1));
    account.requestCode();
    await vi.advanceTimersByTimeAsync(0);
    await account.verifyCaptcha(100);
    expect(account.$captcha.get()?.status).toBe('fail');
    await vi.advanceTimersByTimeAsync(799);
    expect(api.calls.filter((c) => c.path === accountApi.captchaPath.path)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.filter((c) => c.path === accountApi.captchaPath.path)).toHaveLength(2);
    expect(account.$captcha.get()?.status).toBe('ready');
  });

  it('closing the captcha during the success flash sends nothing', async () => {
    api.routes.set(accountApi.captchaVerify.path, () => ok(true));
    account.requestCode();
    await vi.advanceTimersByTimeAsync(0);
    await account.verifyCaptcha(240);
    account.closeCaptcha();
    await vi.advanceTimersByTimeAsync(2000);
    expect(bodyOf(accountApi.sendCode.path)).toBeUndefined();
  });

  it('a reset code goes with is_change_mobile 1 and without the success toast', async () => {
    loginForm.setLoginMode(3);
    await account.sendCode();
    expect(bodyOf(accountApi.sendCode.path)).toMatchObject({ is_change_mobile: 1 });
    expect($toast.get()).toBeNull();
    expect(loginForm.$countdown.get()).toBe(60);
  });

  it('a refused code is a toast error and starts no countdown', async () => {
    api.routes.set(accountApi.sendCode.path, () => refused('Please wait'));
    await account.sendCode();
    expect($toast.get()).toMatchObject({ text: 'Please wait', kind: 'error' });
    expect(loginForm.$countdown.get()).toBe(0);
  });
});

describe('login and registration', () => {
  beforeEach(() => {
    api.routes.set(accountApi.userInfo.path, () => ok({ ...USER, level: 1 }));
    loginForm.setLoginField('phone', '138 1234 0001');
    loginForm.setLoginField('code', '4321');
  });

  it('status 0 saves token, id and userInfo, refreshes the info, then reloads', async () => {
    api.routes.set(accountApi.login.path, () => ok({ ...USER, token: 'tok' }));
    account.submitLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodyOf(accountApi.login.path)).toEqual({
      account: '13812340001',
      pwd: '4321',
      platform: 0,
      login_type: 2,
      source_id: 10001,
      website: 'arena.test',
    });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(localStorage.getItem('id')).toBe('100020');
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({ level: 1 });
    expect(localStorage.getItem('userInfo')).not.toContain('tok');
    await until(() => expect(reload).toHaveBeenCalledOnce());
  });

  it('status 301 registers with the live room as anchor_id, says so, saves and reloads', async () => {
    vi.stubGlobal('location', { ...location, pathname: '/liveMatchesTwo/100003' });
    api.routes.set(accountApi.login.path, () => ({
      status: 301,
      msg: 'register',
      data: { mobile_hash: 'h1' },
    }));
    api.routes.set(accountApi.register.path, () => ok({ ...USER, token: 'new' }));
    account.submitLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(bodyOf(accountApi.register.path)).toMatchObject({
      account: '13812340001',
      mobile_hash: 'h1',
      platform: 0,
      pwd: '',
      sex: 0,
      reg_source_id: 'OFFICIAL',
      website: 'arena.test',
      anchor_id: 100003,
    });
    expect(bodyOf(accountApi.register.path)?.device_info).toMatch(/^[a-f0-9]{16}-[a-f0-9]{16}$/);
    expect($toast.get()?.text).toBe('registration success');
    expect(localStorage.getItem('token')).toBe('new');
    // The toast stays a moment before the page reloads.
    expect(reload).not.toHaveBeenCalled();
    const shown = Date.now();
    await until(() => expect(reload).toHaveBeenCalledOnce());
    expect(Date.now() - shown).toBeGreaterThanOrEqual(account.ACCOUNT_TIMING.registeredReloadMs);
  });

  it('a failed registration without a message shows the fallback, in either language', async () => {
    api.routes.set(accountApi.login.path, () => ({
      status: 301,
      msg: '',
      data: { mobile_hash: 'h' },
    }));
    account.submitLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(loginForm.$loginError.get()).toBe('Registration failed, please try again later');
    $locale.set('zh-CN');
    await account.register('h');
    expect(loginForm.$loginError.get()).toBe('注册失败，请稍后再试');
    expect(reload).not.toHaveBeenCalled();
  });

  it('a refused login puts the server message in the red line', async () => {
    api.routes.set(accountApi.login.path, () => refused('The verification code is wrong'));
    account.submitLogin();
    await vi.advanceTimersByTimeAsync(0);
    expect(loginForm.$loginError.get()).toBe('The verification code is wrong');
    expect(loginForm.$loginBusy.get()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('password mode passes the captcha first, then logs in with login_type 1', async () => {
    api.routes.set(accountApi.captchaPath.path, () => ok(CHALLENGE));
    api.routes.set(accountApi.captchaVerify.path, () => ok(true));
    api.routes.set(accountApi.login.path, () => ok({ ...USER, token: 'tok' }));
    loginForm.setLoginMode(1);
    loginForm.setLoginField('passwd', ' demo1234 ');
    account.submitLogin();
    expect(bodyOf(accountApi.login.path)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(0);
    await account.verifyCaptcha(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(bodyOf(accountApi.login.path)).toMatchObject({ login_type: 1, pwd: 'demo1234' });
    await until(() => expect(reload).toHaveBeenCalledOnce());
  });
});

describe('forgot password', () => {
  beforeEach(() => {
    loginForm.setLoginMode(3);
    loginForm.setLoginField('phone', '139 0000 0002');
    loginForm.setLoginField('code', '1234');
  });

  it('code → step 2 → mismatch in the red line → step 3 and the server message after 1 s', async () => {
    api.routes.set(accountApi.readyForTakeOff.path, () => ok({ mobile_hash: 'rh' }));
    api.routes.set(accountApi.forgetPwdHash.path, () => ({
      status: 0,
      msg: 'Changed',
      data: null,
    }));
    await account.verifyResetCode();
    expect(bodyOf(accountApi.readyForTakeOff.path)).toEqual({
      mobile: '13900000002',
      smscode: '1234',
    });
    expect(loginForm.$forgotStep.get()).toBe(2);
    loginForm.setLoginField('passwd1', 'fresh2026');
    loginForm.setLoginField('passwd2', 'fresh2027');
    await account.resetPassword();
    expect(loginForm.$loginError.get()).toBe('the two password inputs are inconsistent');
    loginForm.setLoginField('passwd1', 'toolongpassword1');
    loginForm.setLoginField('passwd2', 'toolongpassword1');
    await account.resetPassword();
    expect(loginForm.$loginError.get()).toBe('password length must be up to 12 characters');
    loginForm.setLoginField('passwd1', 'fresh2026');
    loginForm.setLoginField('passwd2', 'fresh2026');
    await account.resetPassword();
    expect(bodyOf(accountApi.forgetPwdHash.path)).toEqual({
      mobile: '13900000002',
      mobile_hash: 'rh',
      pwd: 'fresh2026',
    });
    expect(loginForm.$forgotStep.get()).toBe(3);
    expect($toast.get()).toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect($toast.get()).toMatchObject({ text: 'Changed', kind: 'success' });
  });

  it('a wrong reset code stays on step 1 with the message', async () => {
    api.routes.set(accountApi.readyForTakeOff.path, () => refused('Wrong code'));
    await account.verifyResetCode();
    expect(loginForm.$forgotStep.get()).toBe(1);
    expect(loginForm.$loginError.get()).toBe('Wrong code');
  });

  it("'return to previous step' goes back to step 1", async () => {
    api.routes.set(accountApi.readyForTakeOff.path, () => ok({ mobile_hash: 'rh' }));
    await account.verifyResetCode();
    loginForm.backToPhoneStep();
    expect(loginForm.$forgotStep.get()).toBe(1);
  });
});

describe('session', () => {
  it('logout tells the server, clears token, id and userInfo, reloads, even when the call fails', async () => {
    // (happy-dom refuses to delete a missing key, which a browser allows; so all three exist.)
    localStorage.setItem('id', '100020');
    $token.set('tok');
    $userInfo.set(USER);
    api.routes.set(accountApi.logout.path, () => {
      throw new ApiCallError('offline', -1);
    });
    await account.logout();
    expect(api.calls.at(-1)?.path).toBe(accountApi.logout.path);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('getUserAsset is merged into the stored info at most once per period', async () => {
    $userInfo.set(USER);
    api.routes.set(accountApi.userAsset.path, () => ok({ ...USER, gold: 500 }));
    await account.refreshUserAsset();
    await account.refreshUserAsset();
    expect(api.calls.filter((c) => c.path === accountApi.userAsset.path)).toHaveLength(1);
    expect($userInfo.get()?.gold).toBe(500);
  });

  it('finds the live room in the path', () => {
    expect(account.anchorIdFromPath('/liveMatchesTwo/100003')).toBe(100003);
    expect(account.anchorIdFromPath('/liveMatchesTwo/100003/')).toBe(100003);
    expect(account.anchorIdFromPath('/liveMatchesTwo/abc')).toBe(0);
    expect(account.anchorIdFromPath('/home')).toBe(0);
  });
});
