/**
 * POST /api/live/user_backpack {user_id}: the caller's own backpack (spec §7): every item held,
 * the ticket total and the chat prop counts. Nobody may read another user's backpack.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { readBackpack } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { backpackApi } from '../../lib/backpack/api.ts';

const backpackRequest = z.object({
  user_id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The prefix app.ts mounts backpackRoutes under. */
export const BACKPACK_MOUNT = '/api/live';

/** Backpack routes, mounted under /api/live. */
export const backpackRoutes = new Hono<ApiEnv>().on(
  ...routeOf(BACKPACK_MOUNT, backpackApi.userBackpack),
  requireUser,
  async (c) => {
    const { user_id } = await input(c, backpackRequest);
    const user = c.get('user')!;
    if (user_id !== user.id) throw new ApiError('errors.forbidden');
    return ok(c, await readBackpack(c.get('rt').db, user.id));
  },
);
