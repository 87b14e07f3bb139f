/** POST (or GET) /api/live/gift_list: the gifts on sale, named in the caller's language. */
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { giftCatalogue } from './service.ts';

/** Gift routes, mounted under /api/live. */
export const giftRoutes = new Hono<ApiEnv>().on(['GET', 'POST'], '/gift_list', async (c) =>
  ok(c, await giftCatalogue(c.get('rt').db, c.get('locale'))),
);
