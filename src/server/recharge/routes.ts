/**
 * Recharge calls under /api/recharge (packages, create_order, order_info, history) and the
 * providers' notifications under /api/pay/notify/{provider}.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  createOrderSchema,
  CUSTOM_RECHARGE,
  GEMS_PER_YUAN,
  isCustomAmount,
  orderRequestSchema,
  pageSchema,
  type CreatedOrder,
  type RechargeOffer,
} from '../../lib/wallet/recharge.ts';
import { formatMoney } from '../../lib/format.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import { log } from '../log.ts';
import { paymentProvider } from './index.ts';
import { loadPackages } from './packages.ts';
import {
  createOrder,
  findOrder,
  listOrders,
  settleNotification,
  toRechargeOrder,
  type Purchase,
} from './service.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { rechargeApi } from '../../lib/recharge/api.ts';

/**
 * The address this server was reached on, from the connection's socket, not the Host header (a
 * client could name any host there and make the sandbox post to it). In-process requests
 * (tests) have no socket and use the request's own origin.
 */
function selfOrigin(c: Context<ApiEnv>): string {
  const socket = (
    c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } }
  )?.incoming?.socket;
  if (!socket?.localAddress || !socket.localPort) return new URL(c.req.url).origin;
  const address = socket.localAddress.replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${socket.localPort}`;
}

/** Orders a user may create per minute: enough to change one's mind, not to flood the provider. */
export const ORDER_LIMIT = { count: 10, windowMs: 60_000 } as const;

/** The prefix app.ts mounts rechargeRoutes under. */
export const RECHARGE_MOUNT = '/api/recharge';

/** Recharge routes, mounted under /api/recharge. */
export function rechargeRoutes() {
  const orders = rateLimit('recharge.orders', ORDER_LIMIT.count, ORDER_LIMIT.windowMs);
  return new Hono<ApiEnv>()
    .on(...routeOf(RECHARGE_MOUNT, rechargeApi.packages), async (c) => {
      const rt = c.get('rt');
      const provider = paymentProvider(rt);
      const offer: RechargeOffer = {
        available: Boolean(provider),
        provider: provider?.name ?? 'none',
        packages: await loadPackages(rt.db),
        custom: {
          min_yuan: CUSTOM_RECHARGE.minYuan,
          max_yuan: CUSTOM_RECHARGE.maxYuan,
          gems_per_yuan: GEMS_PER_YUAN,
        },
      };
      return ok(c, offer);
    })
    .on(...routeOf(RECHARGE_MOUNT, rechargeApi.createOrder), requireUser, async (c) => {
      const body = await input(c, createOrderSchema);
      const rt = c.get('rt');
      const user = c.get('user')!;
      const provider = paymentProvider(rt);
      if (!provider) throw new ApiError('wallet.api.closed');
      let purchase: Purchase;
      if (body.package_id !== undefined) {
        const pkg = (await loadPackages(rt.db)).find((p) => p.id === body.package_id);
        if (!pkg) throw new ApiError('wallet.api.noPackage');
        purchase = { package: pkg };
      } else if (typeof body.amount_yuan === 'number' && isCustomAmount(body.amount_yuan)) {
        purchase = { yuan: body.amount_yuan };
      } else {
        throw new ApiError('wallet.api.customRange', {
          params: {
            min: CUSTOM_RECHARGE.minYuan,
            max: CUSTOM_RECHARGE.maxYuan.toLocaleString('en-US'),
          },
        });
      }
      await orders.enforce(c.get('rt'), String(user.id));
      const order = await createOrder(rt.db, {
        userId: user.id,
        purchase,
        provider: provider.name,
        ttlMinutes: rt.env.rechargeOrderMinutes,
      });
      const notifyOrigin = selfOrigin(c);
      const t = c.get('t');
      const { checkoutUrl } = await provider.createCheckout({
        orderNo: order.orderNo,
        amountFen: order.amountFen,
        subject: t('wallet.api.subject', { gems: formatMoney(order.gold) }),
        expiresAt: order.expiresAt,
        notifyUrl: `${notifyOrigin}/api/pay/notify/${provider.name}`,
        // The configured public origin: a Host header could name any site.
        returnUrl: `${rt.env.publicUrl}/user-center/recharge?order=${order.orderNo}`,
        locale: c.get('locale'),
      });
      const created: CreatedOrder = {
        order_no: order.orderNo,
        checkout_url: checkoutUrl,
        amount_fen: order.amountFen,
        gold: order.gold,
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
      };
      return ok(c, created);
    })
    .on(...routeOf(RECHARGE_MOUNT, rechargeApi.orderInfo), requireUser, async (c) => {
      const { order_no } = await input(c, orderRequestSchema);
      const order = await findOrder(c.get('rt').db, c.get('user')!.id, order_no);
      if (!order) throw new ApiError('wallet.api.noOrder');
      return ok(c, toRechargeOrder(order));
    })
    .on(...routeOf(RECHARGE_MOUNT, rechargeApi.history), requireUser, async (c) => {
      const { page, size } = await input(c, pageSchema);
      const { list, total } = await listOrders(c.get('rt').db, c.get('user')!.id, page, size);
      return ok(c, { list: list.map(toRechargeOrder), total, page, size });
    });
}

const providerParam = z.object({ provider: z.string().regex(/^[a-z]{2,20}$/) });

/** The prefix app.ts mounts payNotifyRoutes under. */
export const PAY_NOTIFY_MOUNT = '/api/pay';

/** Provider notifications, mounted under /api/pay: answered in the provider's format, not the envelope. */
export const payNotifyRoutes = new Hono<ApiEnv>().post('/notify/:provider', async (c) => {
  const rt = c.get('rt');
  const provider = paymentProvider(rt);
  const name = providerParam.safeParse(c.req.param()).data?.provider;
  if (!provider || name !== provider.name)
    return c.json({ code: 'FAIL', message: 'provider' }, 404);
  const raw = await c.req.text();
  const notification = provider.verifyNotification(raw, c.req.raw.headers);
  if (!notification) {
    log('warn', 'payment_notify_refused', { provider: name, reason: 'signature' });
    const reply = provider.reply(false, 'signature');
    return c.json(reply.body, reply.status);
  }
  const result = await settleNotification(rt.db, notification);
  log('info', 'payment_notify', { provider: name, order: notification.orderNo, result });
  const accepted = result !== 'unknown_order' && result !== 'amount_mismatch';
  const reply = provider.reply(accepted, accepted ? '' : result);
  return c.json(reply.body, reply.status);
});
