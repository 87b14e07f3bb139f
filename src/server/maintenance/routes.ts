/** POST /api/maintain. */
import { Hono } from 'hono';
import { maintainRequest } from '../../lib/validation/site.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { currentMaintenance } from './service.ts';

/** The maintenance call, mounted at /api. */
export const maintenanceRoutes = new Hono<ApiEnv>().post('/maintain', async (c) => {
  const { device } = await input(c, maintainRequest);
  return ok(c, await currentMaintenance(c.get('rt').db, device, c.get('locale')));
});
