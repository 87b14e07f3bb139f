/** POST /api/maintain. */
import { Hono } from 'hono';
import { maintainRequest } from '../../lib/validation/site.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { currentMaintenance } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { maintenanceApi } from '../../lib/maintenance/api.ts';

/** The prefix app.ts mounts maintenanceRoutes under. */
export const MAINTENANCE_MOUNT = '/api';

/** The maintenance call, mounted at /api. */
export const maintenanceRoutes = new Hono<ApiEnv>().on(
  ...routeOf(MAINTENANCE_MOUNT, maintenanceApi.notice),
  async (c) => {
    const { device } = await input(c, maintainRequest);
    return ok(c, await currentMaintenance(c.get('rt').db, device, c.get('locale')));
  },
);
