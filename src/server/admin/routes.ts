/**
 * The administrators' console calls, mounted at /api/admin/console: settings and chat rules,
 * maintenance records, users (search, ban, role, logout everywhere), the feedback inbox, recharge
 * orders, the money summary with ledger verification, the platform reserve and its top-up, and
 * the audit trail. Every call answers administrators only; every change is audited with who made
 * it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  banRequest,
  chatConfigRequest,
  idRequest,
  maintenanceRequest,
  pageRequest,
  roleRequest,
  setSettingRequest,
  topUpRequest,
  userRequest,
  userSearchRequest,
} from '../../lib/validation/admin.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { input } from '../http/validate.ts';
import { loadChatConfig } from '../live/chat.ts';
import { rateLimit } from '../shared/limits.ts';
import { listAudit } from '../staff/audit.ts';
import { actorOf, requireAdmin } from '../staff/guard.ts';
import { listFeedback, listRechargeOrders } from './inbox.ts';
import { ledgerSummary, recordVerification } from './ledger.ts';
import { reserveView, topUpPlatform } from './reserve.ts';
import { addMaintenance, listMaintenance, removeMaintenance } from './maintenance.ts';
import { listSettings, setChatConfig, setSetting } from './settings.ts';
import { banUser, findUsers, logoutEverywhere, setRole, unbanUser } from './users.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { adminApi } from '../../lib/admin/api.ts';

/** A page cursor that is a row id. */
function idCursor(before: string | undefined): number | undefined {
  if (before === undefined || before === '') return undefined;
  if (!/^\d{1,15}$/.test(before)) throw new ApiError('validation.wholeNumber');
  return Number(before);
}

const auditPage = z.object({ before: z.string().trim().max(20).optional() });

/** The prefix app.ts mounts adminConsoleRoutes under. */
export const ADMIN_CONSOLE_MOUNT = '/api/admin/console';

/** The console's calls; a verification reads every wallet, so it is limited per administrator. */
export function adminConsoleRoutes() {
  const verifications = rateLimit('admin.verify', 3, 60_000);
  return new Hono<ApiEnv>()
    .use('*', requireAdmin)
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.overview), async (c) =>
      ok(c, await ledgerSummary(c.get('rt').db)),
    )
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.verify), async (c) => {
      const actor = await actorOf(c);
      await verifications.enforce(c.get('rt'), String(actor.id));
      return ok(c, await recordVerification(c.get('rt').db, actor.label));
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.reserve), async (c) =>
      ok(c, await reserveView(c.get('rt').db)),
    )
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.topUp), async (c) => {
      const topUp = await input(c, topUpRequest);
      return ok(c, await topUpPlatform(c.get('rt').db, await actorOf(c), topUp));
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.settings), async (c) => {
      const { db } = c.get('rt');
      return ok(c, { settings: await listSettings(db), chat_config: await loadChatConfig(db) });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.saveSetting), async (c) => {
      const { key, value } = await input(c, setSettingRequest);
      await setSetting(c.get('rt').db, await actorOf(c), key, value);
      return ok(c, { key, value });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.chatConfig), async (c) => {
      const rules = await input(c, chatConfigRequest);
      return ok(c, await setChatConfig(c.get('rt').db, await actorOf(c), rules));
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.maintenance), async (c) =>
      ok(c, { list: await listMaintenance(c.get('rt').db) }),
    )
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.addMaintenance), async (c) => {
      const record = await input(c, maintenanceRequest);
      return ok(c, { id: await addMaintenance(c.get('rt').db, await actorOf(c), record) });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.removeMaintenance), async (c) => {
      const { id } = await input(c, idRequest);
      await removeMaintenance(c.get('rt').db, await actorOf(c), id);
      return ok(c, { id });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.users), async (c) => {
      const { q } = await input(c, userSearchRequest);
      return ok(c, { list: await findUsers(c.get('rt').db, q) });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.banUser), async (c) => {
      const { user_id, minutes, reason } = await input(c, banRequest);
      const { db, bus } = c.get('rt');
      const ban = await banUser(db, bus, await actorOf(c), { userId: user_id, minutes, reason });
      return ok(c, { user_id, ban });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.unbanUser), async (c) => {
      const { user_id } = await input(c, userRequest);
      await unbanUser(c.get('rt').db, await actorOf(c), user_id);
      return ok(c, { user_id });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.setRole), async (c) => {
      const { user_id, role } = await input(c, roleRequest);
      await setRole(c.get('rt').db, await actorOf(c), user_id, role);
      return ok(c, { user_id, role });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.logoutUser), async (c) => {
      const { user_id } = await input(c, userRequest);
      const { db, bus } = c.get('rt');
      await logoutEverywhere(db, bus, await actorOf(c), user_id);
      return ok(c, { user_id });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.feedback), async (c) => {
      const { before } = await input(c, pageRequest);
      return ok(c, { list: await listFeedback(c.get('rt').db, idCursor(before)) });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.rechargeOrders), async (c) => {
      const { status, before } = await input(c, pageRequest);
      return ok(c, { list: await listRechargeOrders(c.get('rt').db, status, before) });
    })
    .on(...routeOf(ADMIN_CONSOLE_MOUNT, adminApi.audit), async (c) => {
      const { before } = await input(c, auditPage);
      return ok(c, { list: await listAudit(c.get('rt').db, idCursor(before)) });
    });
}
