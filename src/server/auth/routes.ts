/**
 * The accounts calls: slide captcha, SMS codes, login by code or password with automatic
 * registration, forgot password, logout, user info and chat signatures. No answer says whether
 * a phone is registered, except the 301 that follows a right login code.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { API_STATUS } from '../../lib/api/envelope.ts';
import {
  captchaVerifyRequest,
  forgetPwdHashRequest,
  loginRequest,
  readyForTakeOffRequest,
  registerRequest,
  sendCodeRequest,
} from '../../lib/validation/account.ts';
import { liveRooms, ROLE, users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { addressKey } from '../http/connection-limits.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import {
  clearLoginFailures,
  createUser,
  findUserByMobile,
  takePasswordAttempt,
  userInfo,
} from '../users/service.ts';
import { createCaptcha, spendCaptchaPass, verifyCaptcha } from './captcha.ts';
import {
  checkCodeLimits,
  consumeCode,
  issueCode,
  issueMobileHash,
  ownerAsking,
  spendMobileHash,
} from './codes.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { refuseBannedLogin } from './bans.ts';
import { createSession, revokeSession, revokeUserSessions } from '../sessions.ts';
import { signTencentUserSig } from './tencent-usersig.ts';
import { guestId, signUserSig, USER_SIG_TTL_S } from './usersig.ts';
import { cancelLogoutEnd, scheduleLogoutEnd } from '../studio/live.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { accountApi } from '../../lib/account/api.ts';
import { tencentApi } from '../../lib/tencent/api.ts';

/** A valid hash of a random password, checked when the phone is unknown. */
const PLACEHOLDER_HASH = await hashPassword(randomBytes(16).toString('hex'));

function requireDevice(c: Context<ApiEnv>): string {
  const device = c.get('deviceInfo');
  if (!device) throw new ApiError('account.api.deviceRequired');
  return device;
}

/** Logs a user in: a session and the user info, as login and register return them. */
async function startSession(c: Context<ApiEnv>, userId: number) {
  const { db } = c.get('rt');
  // A user banned from the platform is told why and until when, and gets no session.
  await refuseBannedLogin(db, userId);
  const token = await createSession(db, userId, c.get('deviceInfo'));
  // Back within five minutes of logging out: the anchor's live carries on.
  await cancelLogoutEnd(db, userId);
  const info = await userInfo(db, userId);
  return ok(c, { token, ...info, id: userId });
}

/**
 * The registration channel: the `reg-source` header when it is a channel code other than the
 * default, else REG_SOURCE_HOSTS by Host, else OFFICIAL. The browser sends OFFICIAL for hosts
 * it does not know, which must not hide the server's host map; the body's reg_source_id repeats
 * the header and is not read.
 */
function regSource(c: Context<ApiEnv>): string {
  const header = (c.req.header('reg-source') ?? '').trim();
  if (/^[A-Z0-9_]{2,32}$/.test(header) && header !== 'OFFICIAL') return header;
  const host = (c.req.header('host') ?? '').toLowerCase().replace(/:\d+$/, '');
  return c.get('rt').env.regSourceHosts[host] ?? 'OFFICIAL';
}

/** The prefix app.ts mounts captchaRoutes under. */
export const CAPTCHA_MOUNT = '/api';

/** Captcha calls, mounted at /api; images are limited to 30 per IP and minute (each costs tens of ms). */
export function captchaRoutes() {
  const images = rateLimit('auth.captchaImages', 30, 60_000);
  return new Hono<ApiEnv>()
    .on(...routeOf(CAPTCHA_MOUNT, accountApi.captchaPath), async (c) => {
      await images.enforce(c.get('rt'), addressKey(c.get('ip')));
      const device = requireDevice(c);
      const { db, env } = c.get('rt');
      return ok(c, await createCaptcha(db, device, env.captchaTestSolution));
    })
    .on(...routeOf(CAPTCHA_MOUNT, accountApi.captchaVerify), async (c) => {
      const { id, x } = await input(c, captchaVerifyRequest);
      return ok(c, await verifyCaptcha(c.get('rt').db, id, x, requireDevice(c)));
    });
}

/** The prefix app.ts mounts userRoutes under. */
export const USER_MOUNT = '/api/user';

/**
 * User calls, mounted at /api/user. Login and code checks are limited to 30 per IP and minute:
 * each password check costs about 90 ms of CPU, and codes are short.
 */
export function userRoutes() {
  const checks = rateLimit('auth.checks', 30, 60_000);
  const limit: MiddlewareHandler<ApiEnv> = async (c, next) => {
    await checks.enforce(c.get('rt'), addressKey(c.get('ip')));
    await next();
  };
  return (
    new Hono<ApiEnv>()
      .on(...routeOf(USER_MOUNT, accountApi.sendCode), async (c) => {
        const { mobile, is_change_mobile } = await input(c, sendCodeRequest);
        const device = requireDevice(c);
        const { db, env, sms } = c.get('rt');
        const purpose = is_change_mobile === 1 ? 'reset' : 'login';
        const ip = addressKey(c.get('ip'));
        // The owner's own devices have a daily quota that anonymous callers cannot spend.
        const owner = await ownerAsking(db, mobile, device, c.get('user')?.id);
        await checkCodeLimits(db, mobile, purpose, ip, new Date(), owner);
        if (!(await spendCaptchaPass(db, device)))
          throw new ApiError('account.api.captchaRequired');
        // A reset code for a phone with no account is recorded but not sent, and answered the same.
        const deliver = purpose === 'login' || (await findUserByMobile(db, mobile)) !== undefined;
        await issueCode(db, {
          mobile,
          purpose,
          ip,
          deliver,
          secret: env.secret,
          sms,
          userId: owner,
        });
        return ok(c, null);
      })
      .on(...routeOf(USER_MOUNT, accountApi.login), limit, async (c) => {
        const body = await input(c, loginRequest);
        const { db, env } = c.get('rt');
        const mobile = body.account;
        if (body.login_type === 2) {
          if (!(await consumeCode(db, env.secret, mobile, 'login', body.pwd))) {
            throw new ApiError('account.api.codeInvalid');
          }
          const user = await findUserByMobile(db, mobile);
          if (!user) {
            const mobile_hash = await issueMobileHash(db, mobile, 'register');
            throw new ApiError('account.api.notRegistered', {
              status: API_STATUS.needsRegistration,
              data: { mobile_hash },
            });
          }
          return startSession(c, user.id);
        }
        // The try counts as a failure until it succeeds; unknown phones are counted alike. Past
        // five failures each further try costs a slider pass, never a lock: a stranger's wrong
        // passwords cannot shut the owner out (the browser passes the slider before every try).
        const free = await takePasswordAttempt(db, mobile);
        if (!free && !(await spendCaptchaPass(db, c.get('deviceInfo')))) {
          throw new ApiError('account.api.sliderAgain');
        }
        const user = await findUserByMobile(db, mobile);
        // Unknown phones cost a hash too, so timing does not tell them apart.
        const valid = await verifyPassword(body.pwd, user?.passwordHash ?? PLACEHOLDER_HASH);
        if (!user || !valid) throw new ApiError('account.api.badCredentials');
        await clearLoginFailures(db, mobile);
        return startSession(c, user.id);
      })
      .on(...routeOf(USER_MOUNT, accountApi.readyForTakeOff), limit, async (c) => {
        const { mobile, smscode } = await input(c, readyForTakeOffRequest);
        const { db, env } = c.get('rt');
        if (!(await consumeCode(db, env.secret, mobile, 'reset', smscode))) {
          throw new ApiError('account.api.codeInvalid');
        }
        return ok(c, { mobile_hash: await issueMobileHash(db, mobile, 'reset') });
      })
      .on(...routeOf(USER_MOUNT, accountApi.forgetPwdHash), async (c) => {
        const { mobile, mobile_hash, pwd } = await input(c, forgetPwdHashRequest);
        const { db } = c.get('rt');
        const user = await findUserByMobile(db, mobile);
        if (!user || !(await spendMobileHash(db, mobile_hash, mobile, 'reset'))) {
          throw new ApiError('account.api.hashInvalid');
        }
        await db
          .update(users)
          .set({ passwordHash: await hashPassword(pwd) })
          .where(eq(users.id, user.id));
        await revokeUserSessions(db, user.id);
        // Chat sockets of every revoked session are closed too (spec §8 kick-out).
        c.get('rt').bus.publish({ kind: 'kick', userId: user.id });
        await clearLoginFailures(db, mobile);
        return c.json({
          status: API_STATUS.ok,
          msg: c.get('t')('account.api.resetDone'),
          data: null,
        });
      })
      .on(...routeOf(USER_MOUNT, accountApi.logout, ['GET', 'POST']), async (c) => {
        const user = c.get('user');
        if (user) {
          await revokeSession(c.get('rt').db, user.tokenHash);
          c.get('rt').bus.publish({ kind: 'kick', tokenHash: user.tokenHash });
          // An anchor's open live ends five minutes after logging out (spec §4).
          if (user.role === ROLE.anchor) await scheduleLogoutEnd(c.get('rt').db, user.id);
        }
        return ok(c, null);
      })
      // getUserAsset is the same record; the client merges either into its stored user info.
      .on('GET', ['/getUserInfo', '/getUserAsset'], requireUser, async (c) => {
        const info = await userInfo(c.get('rt').db, c.get('user')!.id);
        if (!info) throw new ApiError('errors.notLoggedIn', { status: API_STATUS.unauthorized });
        return ok(c, info);
      })
  );
}

/** The prefix app.ts mounts registerRoutes under. */
export const REGISTER_MOUNT = '/webapi/user';

/** Registration, mounted at /webapi/user. */
export const registerRoutes = new Hono<ApiEnv>().on(
  ...routeOf(REGISTER_MOUNT, accountApi.register),
  async (c) => {
    const body = await input(c, registerRequest);
    const { db } = c.get('rt');
    // The proof is checked first: without one, the answer must not tell whether the phone is taken.
    if (!(await spendMobileHash(db, body.mobile_hash, body.account, 'register'))) {
      throw new ApiError('account.api.hashInvalid');
    }
    if (await findUserByMobile(db, body.account))
      throw new ApiError('account.api.alreadyRegistered');
    let regAnchorId: number | null = null;
    if (body.anchor_id > 0) {
      const [room] = await db
        .select({ id: liveRooms.anchorId })
        .from(liveRooms)
        .innerJoin(users, eq(users.id, liveRooms.anchorId))
        .where(eq(liveRooms.anchorId, body.anchor_id));
      if (room) regAnchorId = room.id;
    }
    let id: number;
    try {
      id = await createUser(db, {
        mobile: body.account,
        regSource: regSource(c),
        regAnchorId,
      });
    } catch {
      throw new ApiError('account.api.alreadyRegistered');
    }
    return startSession(c, id);
  },
);

/** The prefix app.ts mounts userSigRoutes under. */
export const USER_SIG_MOUNT = '/api/tencentIm';

/**
 * Chat signatures, mounted at /api/tencentIm: `{ id, sig }` for the hub. With IM_PROVIDER=tencent
 * `sig` is the Tencent Cloud Chat UserSig of the same id, and `hub_sig` the hub's signature
 * (gifts, bets, moderation and the inbox stay on the hub).
 */
export const userSigRoutes = new Hono<ApiEnv>().on(
  ...routeOf(USER_SIG_MOUNT, tencentApi.userSig),
  (c) => {
    const { env } = c.get('rt');
    const user = c.get('user');
    const id = user ? String(user.id) : guestId(env.secret, requireDevice(c));
    const sig = signUserSig(env.secret, id, Date.now(), user?.tokenHash);
    if (env.im.provider === 'builtin') return ok(c, { id, sig });
    return ok(c, { id, sig: signTencentUserSig(env.im, id, USER_SIG_TTL_S), hub_sig: sig });
  },
);
