/** The feedback inbox and the recharge orders, newest first, a page at a time. */
import type { FeedbackView, RechargeOrderView } from '../../lib/admin/views.ts';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE, type RECHARGE_FILTERS } from '../../lib/validation/admin.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { feedback, rechargeOrders, users } from '../db/schema.ts';

/** Feedback older than the id `before` (a page of ADMIN_PAGE). */
export async function listFeedback(db: Db, before?: number): Promise<FeedbackView[]> {
  const rows = await db
    .select({ f: feedback, nickName: users.nickName })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(before ? lt(feedback.id, before) : undefined)
    .orderBy(desc(feedback.id))
    .limit(ADMIN_PAGE);
  return rows.map(({ f, nickName }) => ({
    id: f.id,
    kind: f.kind,
    content: f.content,
    contact: f.contact,
    user_id: f.userId,
    nick_name: nickName ?? '',
    created_at: unixSeconds(f.createdAt),
  }));
}

/** Recharge orders in a state, older than the order `before` (a page of ADMIN_PAGE). */
export async function listRechargeOrders(
  db: Db,
  status: (typeof RECHARGE_FILTERS)[number],
  before?: string,
): Promise<RechargeOrderView[]> {
  const where: SQL[] = [];
  if (status !== 'all') where.push(eq(rechargeOrders.status, status));
  // Order numbers start with their time, so they sort as they were made.
  if (before) where.push(lt(rechargeOrders.orderNo, before));
  const rows = await db
    .select({ o: rechargeOrders, nickName: users.nickName })
    .from(rechargeOrders)
    .innerJoin(users, eq(users.id, rechargeOrders.userId))
    .where(and(...where))
    .orderBy(desc(rechargeOrders.orderNo))
    .limit(ADMIN_PAGE);
  return rows.map(({ o, nickName }) => ({
    order_no: o.orderNo,
    user_id: o.userId,
    nick_name: nickName,
    amount_fen: o.amountFen,
    gold: o.gold,
    provider: o.provider,
    status: o.status,
    paid_late: o.paidLate,
    fail_reason: o.failReason,
    created_at: unixSeconds(o.createdAt),
    paid_at: o.paidAt ? unixSeconds(o.paidAt) : 0,
  }));
}
