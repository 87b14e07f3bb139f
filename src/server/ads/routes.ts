/** GET /api/home/getLongMenAg. */
import { Hono } from 'hono';
import { longMenAgRequest } from '../../lib/validation/site.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { listBanners } from './service.ts';

/** The prefix app.ts mounts adRoutes under. */
export const AD_MOUNT = '/api/home';

/** Banner routes, mounted under /api/home. */
export const adRoutes = new Hono<ApiEnv>().get('/getLongMenAg', async (c) => {
  const { equipment, category } = await input(c, longMenAgRequest);
  return ok(c, await listBanners(c.get('rt').db, equipment, category));
});
