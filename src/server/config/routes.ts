/** POST /api/config/getCommonConfig. */
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { loadCommonConfig } from './service.ts';

/** Routes of the common config, mounted under /api/config. */
export const configRoutes = new Hono<ApiEnv>().post('/getCommonConfig', async (c) => {
  const { db, env } = c.get('rt');
  return ok(c, await loadCommonConfig(db, c.get('locale'), env.im));
});
