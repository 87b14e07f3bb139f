/** POST /api/feedback/submit: stored, validated, and limited per device and per IP. */
import { and, count, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { feedbackRequest } from '../../lib/validation/feedback.ts';
import { feedback } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { feedbackApi } from '../../lib/feedback/api.ts';

/** At most this many per device, and per IP, in an hour. */
export const FEEDBACK_LIMITS = { perDevice: 5, perIp: 20 } as const;

/** The prefix app.ts mounts feedbackRoutes under. */
export const FEEDBACK_MOUNT = '/api/feedback';

/** Feedback routes, mounted under /api/feedback. */
export const feedbackRoutes = new Hono<ApiEnv>().on(
  ...routeOf(FEEDBACK_MOUNT, feedbackApi.submit),
  async (c) => {
    const body = await input(c, feedbackRequest);
    const device = c.get('deviceInfo');
    if (!device) throw new ApiError('account.api.deviceRequired');
    const { db } = c.get('rt');
    const hourAgo = new Date(Date.now() - 3600_000);
    const [byDevice] = await db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.device, device), gt(feedback.createdAt, hourAgo)));
    const [byIp] = await db
      .select({ n: count() })
      .from(feedback)
      .where(and(eq(feedback.ip, c.get('ip')), gt(feedback.createdAt, hourAgo)));
    if (
      (byDevice?.n ?? 0) >= FEEDBACK_LIMITS.perDevice ||
      (byIp?.n ?? 0) >= FEEDBACK_LIMITS.perIp
    ) {
      throw new ApiError('errors.tooMany', { httpStatus: 429 });
    }
    await db.insert(feedback).values({
      userId: c.get('user')?.id ?? null,
      kind: body.kind,
      content: body.content,
      contact: body.contact,
      device,
      ip: c.get('ip'),
    });
    return ok(c, null);
  },
);
