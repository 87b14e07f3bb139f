/**
 * Anchor application calls. Under /api/user: anchor_apply_status, anchor_apply and
 * anchor_apply_code (the SMS code for the application's phone). Under /api/admin:
 * anchor_applications with approve and reject, for administrators (role 3) only.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import {
  anchorApplyCodeSchema,
  anchorApplySchema,
  approveApplicationSchema,
  listApplicationsSchema,
  rejectApplicationSchema,
} from '../../lib/validation/anchor-apply.ts';
import { spendCaptchaPass } from '../auth/captcha.ts';
import { checkCodeLimits, issueCode } from '../auth/codes.ts';
import { ROLE } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { addressKey } from '../http/connection-limits.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import {
  applyStatus,
  approveApplication,
  listApplications,
  rejectApplication,
  submitApplication,
} from './applications.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { anchorApplyApi } from '../../lib/anchor-apply/api.ts';

/** Refuses everyone but administrators; the check is the session's role, read per request. */
const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get('user')?.role !== ROLE.admin) throw new ApiError('anchorApply.errors.adminOnly');
  await next();
};

/** The prefix app.ts mounts anchorApplyRoutes under. */
export const ANCHOR_APPLY_MOUNT = '/api/user';

/** The applicant's calls, mounted at /api/user. Submissions: 10 per user and 10 minutes. */
export function anchorApplyRoutes() {
  const limiter = rateLimit('anchors.apply', 10, 10 * 60_000);
  return new Hono<ApiEnv>()
    .on(...routeOf(ANCHOR_APPLY_MOUNT, anchorApplyApi.status), requireUser, async (c) => {
      const { db } = c.get('rt');
      return ok(c, await applyStatus(db, c.get('user')!.id, c.get('locale')));
    })
    .on(...routeOf(ANCHOR_APPLY_MOUNT, anchorApplyApi.sendCode), requireUser, async (c) => {
      const { mobile } = await input(c, anchorApplyCodeSchema);
      const { db, env, sms } = c.get('rt');
      const user = c.get('user')!;
      const ip = addressKey(c.get('ip'));
      // Codes for another person's phone come out of this account's quota, not the owner's.
      await checkCodeLimits(db, mobile, 'anchor_apply', ip, new Date(), user.id);
      // No code is sent without the slider, logged in or not.
      if (!(await spendCaptchaPass(db, c.get('deviceInfo')))) {
        throw new ApiError('account.api.captchaRequired');
      }
      await issueCode(db, {
        mobile,
        purpose: 'anchor_apply',
        ip,
        deliver: true,
        secret: env.secret,
        sms,
        userId: user.id,
      });
      return ok(c, null);
    })
    .on(...routeOf(ANCHOR_APPLY_MOUNT, anchorApplyApi.submit), requireUser, async (c) => {
      const user = c.get('user')!;
      if (!(await limiter.take(c.get('rt'), String(user.id)))) {
        throw new ApiError('errors.tooMany', { httpStatus: 429 });
      }
      const form = await input(c, anchorApplySchema);
      const { db, env } = c.get('rt');
      const id = await submitApplication(db, { userId: user.id, form, secret: env.secret });
      return ok(c, { id, ...(await applyStatus(db, user.id, c.get('locale'))) });
    });
}

/** The prefix app.ts mounts adminApplicationRoutes under. */
export const ADMIN_APPLICATION_MOUNT = '/api/admin';

/** The administrators' calls, mounted at /api/admin. */
export const adminApplicationRoutes = new Hono<ApiEnv>()
  .use('/anchor_applications', requireUser, requireAdmin)
  .use('/anchor_applications/*', requireUser, requireAdmin)
  .on(...routeOf(ADMIN_APPLICATION_MOUNT, anchorApplyApi.list), async (c) => {
    const { status } = await input(c, listApplicationsSchema);
    return ok(c, { list: await listApplications(c.get('rt').db, status, c.get('locale')) });
  })
  .on(...routeOf(ADMIN_APPLICATION_MOUNT, anchorApplyApi.approve), async (c) => {
    const { id } = await input(c, approveApplicationSchema);
    const { db } = c.get('rt');
    const done = await approveApplication(db, id, c.get('user')!.id, c.get('locale'));
    return ok(c, { id, user_id: done.userId, status: 'verified' });
  })
  .on(...routeOf(ADMIN_APPLICATION_MOUNT, anchorApplyApi.reject), async (c) => {
    const { id, reason } = await input(c, rejectApplicationSchema);
    await rejectApplication(c.get('rt').db, id, reason, c.get('user')!.id);
    return ok(c, { id, status: 'failed' });
  });
