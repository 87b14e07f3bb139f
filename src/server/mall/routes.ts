/**
 * Mall calls under /api/mall: the catalogue (anyone), what the caller holds, and buying an item
 * (logged in, validated, limited per user like recharge orders).
 */
import { Hono } from 'hono';
import type { CatalogueEntry, InsufficientData } from '../../lib/mall/api.ts';
import { buyRequestSchema } from '../../lib/validation/mall.ts';
import { formatPrice, MALL_ITEMS, mallItem, type MallItem } from '../../lib/mall/catalogue.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { REALTIME_ERROR } from '../../lib/realtime/protocol/index.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { InsufficientBalanceError, readBalances } from '../wallet/ledger.ts';
import { buyItem, MallRefusedError, readHoldings } from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { mallApi } from '../../lib/mall/api.ts';

/** Purchases a user may make per minute: a shopping spree, not a script. */
export const BUY_LIMIT = { count: 30, windowMs: 60_000 } as const;

/** An item as the catalogue call lists it. */
export function catalogueEntry(item: MallItem, locale: Locale): CatalogueEntry {
  const base = { id: item.id, name: item.name[locale], price: item.price };
  return item.kind === 'noble'
    ? {
        ...base,
        section: 'nobles',
        vip_level: item.level,
        days: item.days,
        type: 0,
        props_id: 0,
        count: 0,
      }
    : {
        ...base,
        section: item.section,
        vip_level: 0,
        days: 0,
        type: item.type,
        props_id: item.propsId,
        count: item.count,
      };
}

/** The prefix app.ts mounts mallRoutes under. */
export const MALL_MOUNT = '/api/mall';

/** Mall routes, mounted under /api/mall. */
export function mallRoutes() {
  const buys = rateLimit('mall.buys', BUY_LIMIT.count, BUY_LIMIT.windowMs);
  return new Hono<ApiEnv>()
    .on(['GET', 'POST'], '/catalogue', (c) =>
      ok(
        c,
        MALL_ITEMS.map((item) => catalogueEntry(item, c.get('locale'))),
      ),
    )
    .on(...routeOf(MALL_MOUNT, mallApi.holdings), requireUser, async (c) =>
      ok(c, await readHoldings(c.get('rt').db, c.get('user')!.id)),
    )
    .on(...routeOf(MALL_MOUNT, mallApi.buy), requireUser, async (c) => {
      const body = await input(c, buyRequestSchema);
      const item = mallItem(body.item_id);
      if (!item) throw new ApiError('mall.errors.noItem');
      const user = c.get('user')!;
      await buys.enforce(c.get('rt'), String(user.id));
      const { db } = c.get('rt');
      try {
        return ok(
          c,
          await buyItem(db, { userId: user.id, item, clientOrderId: body.client_order_id }),
        );
      } catch (error) {
        if (error instanceof InsufficientBalanceError) {
          const balances = await readBalances(db, user.id);
          const data: InsufficientData = {
            code: REALTIME_ERROR.insufficientBalance,
            bal: { gold: balances.gold, diamond: balances.diamond },
          };
          throw new ApiError('mall.errors.insufficient', {
            params: { price: formatPrice(item.price) },
            data,
          });
        }
        if (error instanceof MallRefusedError) throw new ApiError(`mall.errors.${error.reason}`);
        throw error;
      }
    });
}
