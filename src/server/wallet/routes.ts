/** Wallet calls under /api/wallet: consumption and income records, ticket vouchers. */
import { Hono } from 'hono';
import { recordsRequestSchema } from '../../lib/wallet/records.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { input } from '../http/validate.ts';
import { listRecords, listVouchers } from './records.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { walletApi } from '../../lib/wallet/api.ts';

/** The prefix app.ts mounts walletRoutes under. */
export const WALLET_MOUNT = '/api/wallet';

/** Wallet routes, mounted under /api/wallet. */
export const walletRoutes = new Hono<ApiEnv>()
  .on(...routeOf(WALLET_MOUNT, walletApi.records), requireUser, async (c) => {
    const { type, page, size } = await input(c, recordsRequestSchema);
    const result = await listRecords(c.get('rt').db, c.get('user')!.id, type, page, size);
    return ok(c, { ...result, type, page, size });
  })
  .on(...routeOf(WALLET_MOUNT, walletApi.vouchers), requireUser, async (c) => {
    return ok(c, await listVouchers(c.get('rt').db, c.get('user')!.id));
  });
