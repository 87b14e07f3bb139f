/** POST /api/config/getCommonConfig. */
import { Hono } from 'hono';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { loadCommonConfig } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { configApi } from '../../lib/config/api.ts';

/** The prefix app.ts mounts configRoutes under. */
export const CONFIG_MOUNT = '/api/config';

/** Routes of the common config, mounted under /api/config. */
export const configRoutes = new Hono<ApiEnv>().on(
  ...routeOf(CONFIG_MOUNT, configApi.common),
  async (c) => {
    const { db, env } = c.get('rt');
    return ok(c, await loadCommonConfig(db, c.get('locale'), env.im));
  },
);
