/**
 * The user's own profile and history under /api/user (ours; the spec names the sections, not
 * their calls): getProfile, updateNickname, updateAvatar, sendPasswordCode, setPassword,
 * watchHistory and clearWatchHistory. Logged-in users only, each about the caller alone.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API_STATUS } from '../../lib/api/envelope.ts';
import { SITE_TIME_ZONE } from '../../lib/time.ts';
import {
  emptyRequest,
  historyPageRequest,
  setPasswordRequest,
  updateAvatarRequest,
  updateNicknameRequest,
} from '../../lib/validation/engagement.ts';
import { spendCaptchaPass } from '../auth/captcha.ts';
import { checkCodeLimits, consumeCode, issueCode } from '../auth/codes.ts';
import { verifyPassword } from '../auth/password.ts';
import { users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { addressKey } from '../http/connection-limits.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { log } from '../log.ts';
import { acceptsImage } from '../uploads/refs.ts';
import { changeAvatar, changeNickname, nicknameFreeAt, replacePassword } from './profile.ts';
import { userInfo } from '../users/service.ts';
import { clearWatchHistory, watchHistoryPage } from '../users/watch-history.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { profileApi } from '../../lib/profile/api.ts';

/** Password checks per user and 15 minutes: each costs about 90 ms of CPU and guesses a secret. */
export const PASSWORD_CHANGE_RATE = { tries: 5, windowMs: 15 * 60_000 } as const;

/** The caller's own row (mobile and password hash stay on the server). */
async function account(c: Context<ApiEnv>) {
  const [row] = await c
    .get('rt')
    .db.select({
      mobile: users.mobile,
      passwordHash: users.passwordHash,
      nickChangedAt: users.nickChangedAt,
    })
    .from(users)
    .where(eq(users.id, c.get('user')!.id));
  if (!row) throw new ApiError('errors.notLoggedIn', { status: API_STATUS.unauthorized });
  return row;
}

/** A date and time as the caller's language writes it, in Beijing time. */
function when(c: Context<ApiEnv>, at: Date): string {
  return new Intl.DateTimeFormat(c.get('locale'), {
    timeZone: SITE_TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
}

/** The prefix app.ts mounts profileRoutes under. */
export const PROFILE_MOUNT = '/api/user';

/** The profile routes; new limiters per app. */
export function profileRoutes() {
  const passwordTries = rateLimit(
    'profile.passwordTries',
    PASSWORD_CHANGE_RATE.tries,
    PASSWORD_CHANGE_RATE.windowMs,
  );
  // requireUser on each route, not with use('*'): other /api/user calls (login) share the prefix.
  return new Hono<ApiEnv>()
    .on(...routeOf(PROFILE_MOUNT, profileApi.profile), requireUser, async (c) => {
      await input(c, emptyRequest);
      const row = await account(c);
      const info = await userInfo(c.get('rt').db, c.get('user')!.id);
      const free = nicknameFreeAt(row.nickChangedAt, new Date());
      return ok(c, {
        ...info,
        has_password: row.passwordHash !== null,
        nick_free_at: free ? Math.floor(free.getTime() / 1000) : 0,
      });
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.updateNickname), requireUser, async (c) => {
      const { nick_name } = await input(c, updateNicknameRequest);
      const { db, bus } = c.get('rt');
      const user = c.get('user')!;
      const refusal = await changeNickname(db, user.id, nick_name);
      if (refusal?.reason === 'reserved') throw new ApiError('engagement.profile.nickReserved');
      if (refusal?.reason === 'generated') throw new ApiError('engagement.profile.nickGenerated');
      if (refusal?.reason === 'taken') throw new ApiError('engagement.profile.nickTaken');
      if (refusal?.reason === 'locked') {
        throw new ApiError('engagement.profile.nickLocked', {
          params: { when: when(c, refusal.until) },
        });
      }
      const info = (await userInfo(db, user.id))!;
      bus.publish({
        kind: 'profile',
        userId: user.id,
        nickName: info.nick_name,
        avatar: info.avatar,
      });
      return ok(c, info);
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.updateAvatar), requireUser, async (c) => {
      const { avatar } = await input(c, updateAvatarRequest);
      const { db, bus } = c.get('rt');
      const user = c.get('user')!;
      if (!(await acceptsImage(db, avatar, { uses: ['avatar'], owner: user.id }))) {
        throw new ApiError('engagement.profile.avatarInvalid');
      }
      await changeAvatar(db, user.id, avatar);
      const info = (await userInfo(db, user.id))!;
      bus.publish({ kind: 'profile', userId: user.id, nickName: info.nick_name, avatar });
      return ok(c, info);
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.sendPasswordCode), requireUser, async (c) => {
      await input(c, emptyRequest);
      const device = c.get('deviceInfo');
      if (!device) throw new ApiError('account.api.deviceRequired');
      const { db, env, sms } = c.get('rt');
      const user = c.get('user')!;
      const { mobile } = await account(c);
      const ip = addressKey(c.get('ip'));
      await checkCodeLimits(db, mobile, 'reset', ip, new Date(), user.id);
      if (!(await spendCaptchaPass(db, device))) throw new ApiError('account.api.captchaRequired');
      await issueCode(db, {
        mobile,
        purpose: 'reset',
        ip,
        deliver: true,
        secret: env.secret,
        sms,
        userId: user.id,
      });
      return ok(c, null);
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.setPassword), requireUser, async (c) => {
      const body = await input(c, setPasswordRequest);
      const { db, env, bus } = c.get('rt');
      const user = c.get('user')!;
      const row = await account(c);
      if (row.passwordHash) {
        if (!body.old_pwd && !body.code) throw new ApiError('engagement.profile.verifyRequired');
        if (!(await passwordTries.take(c.get('rt'), `u:${user.id}`))) {
          throw new ApiError('errors.tooMany', { httpStatus: 429 });
        }
        const verified = body.code
          ? await consumeCode(db, env.secret, row.mobile, 'reset', body.code)
          : await verifyPassword(body.old_pwd!, row.passwordHash);
        if (!verified) {
          throw new ApiError(body.code ? 'account.api.codeInvalid' : 'engagement.profile.oldWrong');
        }
      }
      const ended = await replacePassword(db, user.id, body.pwd, user.tokenHash);
      // Every other session's sockets close too, as after a reset (spec §8 kick-out).
      for (const tokenHash of ended) bus.publish({ kind: 'kick', tokenHash });
      log('info', 'password_changed', { userId: user.id, sessionsEnded: ended.length });
      return c.json({
        status: API_STATUS.ok,
        msg: c.get('t')('engagement.profile.passwordSaved'),
        data: { sessions_ended: ended.length },
      });
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.watchHistory), requireUser, async (c) => {
      const { page, size } = await input(c, historyPageRequest);
      const { list, total } = await watchHistoryPage(c.get('rt').db, c.get('user')!.id, page, size);
      return ok(c, { list, total, page, size });
    })
    .on(...routeOf(PROFILE_MOUNT, profileApi.clearWatchHistory), requireUser, async (c) => {
      await input(c, emptyRequest);
      return ok(c, { cleared: await clearWatchHistory(c.get('rt').db, c.get('user')!.id) });
    });
}
