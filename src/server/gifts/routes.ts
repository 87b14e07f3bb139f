/** POST (or GET) /api/live/gift_list: the gifts on sale, named in the caller's language. */
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { giftCatalogue } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { giftsApi } from '../../lib/gifts/api.ts';

/** The prefix app.ts mounts giftRoutes under. */
export const GIFT_MOUNT = '/api/live';

/** Gift routes, mounted under /api/live. */
export const giftRoutes = new Hono<ApiEnv>().on(
  ...routeOf(GIFT_MOUNT, giftsApi.list, ['GET', 'POST']),
  async (c) => ok(c, await giftCatalogue(c.get('rt').db, c.get('locale'))),
);
