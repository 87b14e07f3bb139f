/**
 * Recharge: packages, orders, the sandbox checkout page, and the signed notification that
 * credits exactly once (repeated, racing, forged, stale, late after expiry); records and vouchers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletRecord, VoucherList } from '../../src/lib/wallet/records.ts';
import type {
  CreatedOrder,
  Page,
  RechargeOffer,
  RechargeOrder,
} from '../../src/lib/wallet/recharge.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { ledgerEntries } from '../../src/server/db/schema.ts';
import {
  sandboxKey,
  SANDBOX_SIGNATURE_HEADER,
  signNotification,
  type SandboxNotifyBody,
} from '../../src/server/recharge/sandbox.ts';
import { expireOrders } from '../../src/server/recharge/service.ts';
import { readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime, userIdByMobile } from './helpers.ts';

describe.each(DB_KINDS)('recharge on %s', (kind) => {
  let t: TestRuntime;
  let api: ReturnType<typeof createApi>;
  let userId: number;
  let auth: Record<string, string>;
  let key: Buffer;

  beforeAll(async () => {
    t = await openTestRuntime(kind);
    api = createApi(t.rt);
    key = sandboxKey(t.rt.env.secret);
    userId = await userIdByMobile(t.rt.db, '13900000001');
    auth = { authorization: `Bearer ${await createSession(t.rt.db, userId, 'd-pay')}` };
  });
  afterAll(async () => t?.dispose());

  const order = async (body: Record<string, unknown>) =>
    callApi<CreatedOrder>(api, 'POST', '/api/recharge/create_order', body, auth);
  const info = async (orderNo: string) =>
    (
      await callApi<RechargeOrder>(
        api,
        'POST',
        '/api/recharge/order_info',
        { order_no: orderNo },
        auth,
      )
    ).data;
  const notifyBody = (o: CreatedOrder, over: Partial<SandboxNotifyBody> = {}): string =>
    JSON.stringify({
      order_no: o.order_no,
      trade_status: 'SUCCESS',
      total_fen: o.amount_fen,
      txn_id: `SBXTEST${o.order_no.slice(-6)}`,
      reason: '',
      ...over,
    });
  const notify = async (body: string, signature = signNotification(key, body)) => {
    const res = await api.request('/api/pay/notify/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
      body,
    });
    return { http: res.status, body: (await res.json()) as { code: string } };
  };
  const gold = async () => (await readBalances(t.rt.db, userId)).gold;

  it('lists the packages from config and the custom range', async () => {
    const res = await callApi<RechargeOffer>(api, 'POST', '/api/recharge/packages');
    expect(res.status).toBe(0);
    expect(res.data.available).toBe(true);
    expect(res.data.provider).toBe('sandbox');
    expect(res.data.packages.map((p) => p.id)).toEqual([
      'p6',
      'p30',
      'p98',
      'p198',
      'p518',
      'p1098',
    ]);
    expect(res.data.packages.find((p) => p.id === 'p98')).toEqual({
      id: 'p98',
      price_fen: 9_800,
      gold: 98_000,
      bonus: 2_000,
      tag: '',
    });
    expect(res.data.custom).toEqual({ min_yuan: 1, max_yuan: 50_000, gems_per_yuan: 10 });
  });

  it('creates pending orders and serves the hosted checkout page', async () => {
    const guest = await callApi(api, 'POST', '/api/recharge/create_order', { package_id: 'p6' });
    expect(guest.status).toBe(2);
    expect((await order({ package_id: 'nope' })).msg).toBe('This package is no longer on sale');
    // Whole JSON numbers only: a string, an array or a boolean is not an amount.
    for (const amount_yuan of [0, 1.5, 50_001, -3, '100', [5], true, null]) {
      expect((await order({ amount_yuan })).msg).toBe('Enter a whole amount from ¥1 to ¥50,000');
    }
    const created = await order({ package_id: 'p98' });
    expect(created.status).toBe(0);
    expect(created.data).toMatchObject({ amount_fen: 9_800, gold: 100_000 });
    expect(created.data.order_no).toMatch(/^R\d{20}$/);
    expect(created.data.checkout_url).toMatch(/^\/sandbox-pay\/checkout\?session=/);
    expect(await info(created.data.order_no)).toMatchObject({ status: 'pending', paid_at: null });

    const page = await api.request(created.data.checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(created.data.order_no);
    expect(html).toContain('Pay ¥98');
    // One character changed (never to itself, or the URL would stay valid).
    const url: string = created.data.checkout_url;
    const forged = await api.request(url.slice(0, -1) + (url.endsWith('0') ? '1' : '0'));
    expect(forged.status).toBe(404);

    const custom = await order({ amount_yuan: 25 });
    expect(custom.data).toMatchObject({ amount_fen: 2_500, gold: 25_000 });
  });

  it('credits a payment exactly once, however often and concurrently it is notified', async () => {
    const created = (await order({ package_id: 'p30' })).data;
    const before = await gold();
    const body = notifyBody(created);
    const replies = await Promise.all(Array.from({ length: 5 }, () => notify(body)));
    for (const reply of replies) expect(reply).toEqual({ http: 200, body: { code: 'SUCCESS' } });
    expect((await notify(body)).body.code).toBe('SUCCESS');
    expect(await gold()).toBe(before + 30_000);
    const paid = await info(created.order_no);
    expect(paid).toMatchObject({ status: 'paid', paid_late: false });
    expect(paid.paid_at).not.toBeNull();
    const rows = await t.rt.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, created.order_no));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'recharge', currency: 'gold', amount: 30_000 });
    // A failure notification after the payment changes nothing.
    expect((await notify(notifyBody(created, { trade_status: 'FAILED' }))).body.code).toBe(
      'SUCCESS',
    );
    expect((await info(created.order_no)).status).toBe('paid');
  });

  it('refuses forged, tampered, stale and mismatched notifications without changing anything', async () => {
    const created = (await order({ package_id: 'p6' })).data;
    const before = await gold();
    const body = notifyBody(created);
    const forged = await notify(body, `t=${Math.floor(Date.now() / 1000)},v1=${'ab'.repeat(32)}`);
    expect(forged).toEqual({ http: 401, body: { code: 'FAIL', message: 'signature' } });
    const tampered = await notify(
      notifyBody(created, { total_fen: 1 }),
      signNotification(key, body),
    );
    expect(tampered.http).toBe(401);
    const stale = await notify(
      body,
      signNotification(key, body, new Date(Date.now() - 10 * 60_000)),
    );
    expect(stale.http).toBe(401);
    const otherKey = await notify(body, signNotification(sandboxKey('another secret'), body));
    expect(otherKey.http).toBe(401);
    expect((await notify(body, '')).http).toBe(401);
    const mismatch = notifyBody(created, { total_fen: 1 });
    expect(await notify(mismatch)).toEqual({
      http: 400,
      body: { code: 'FAIL', message: 'amount_mismatch' },
    });
    const unknown = notifyBody({ ...created, order_no: 'R20990101000000000000' });
    expect((await notify(unknown)).http).toBe(400);
    expect(await gold()).toBe(before);
    expect(await info(created.order_no)).toMatchObject({ status: 'pending', paid_at: null });
  });

  it('credits a payment that arrives after the order expired, and marks it paid late', async () => {
    const created = (await order({ package_id: 'p6' })).data;
    const before = await gold();
    const later = new Date((created.expires_at + 1) * 1000);
    expect(await expireOrders(t.rt.db, later)).toBeGreaterThanOrEqual(1);
    expect((await info(created.order_no)).status).toBe('expired');
    // A failure arriving after expiry leaves it expired; the late payment then credits it.
    await notify(notifyBody(created, { trade_status: 'FAILED' }));
    expect((await info(created.order_no)).status).toBe('expired');
    expect((await notify(notifyBody(created))).body.code).toBe('SUCCESS');
    expect(await info(created.order_no)).toMatchObject({ status: 'paid', paid_late: true });
    expect(await gold()).toBe(before + 6_000);
    await notify(notifyBody(created));
    expect(await gold()).toBe(before + 6_000);
  });

  it('fails a declined order, and still credits a payment that follows', async () => {
    const created = (await order({ amount_yuan: 3 })).data;
    const before = await gold();
    await notify(notifyBody(created, { trade_status: 'FAILED', reason: 'declined' }));
    expect((await info(created.order_no)).status).toBe('failed');
    expect(await gold()).toBe(before);
    await notify(notifyBody(created));
    expect((await info(created.order_no)).status).toBe('paid');
    expect(await gold()).toBe(before + 3_000);
  });

  it('lists history, records and vouchers; limits order creation per user', async () => {
    const history = await callApi<Page<RechargeOrder>>(
      api,
      'POST',
      '/api/recharge/history',
      { page: 1, size: 3 },
      auth,
    );
    expect(history.data.total).toBeGreaterThanOrEqual(6);
    expect(history.data.list).toHaveLength(3);
    const stamps = history.data.list.map((o) => o.created_at);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);

    const income = await callApi<Page<WalletRecord>>(
      api,
      'POST',
      '/api/wallet/records',
      { type: 'income', page: 1, size: 50 },
      auth,
    );
    expect(income.data.list.filter((r) => r.kind === 'recharge').length).toBe(3);
    expect(income.data.list.at(-1)).toMatchObject({ kind: 'grant', currency: 'diamond' });
    const spent = await callApi<Page<WalletRecord>>(
      api,
      'POST',
      '/api/wallet/records',
      { type: 'consumption' },
      auth,
    );
    expect(spent.data).toMatchObject({ list: [], total: 0, page: 1, size: 20 });

    const vouchers = await callApi<VoucherList>(api, 'POST', '/api/wallet/vouchers', {}, auth);
    expect(vouchers.data.tickets).toBe(2);
    expect(vouchers.data.list.map((v) => v.state)).toEqual(['unused', 'unused', 'used', 'expired']);

    let limited = 0;
    for (let i = 0; i < 12; i += 1) {
      const res = await order({ package_id: 'p6' });
      if (res.http === 429) limited += 1;
    }
    expect(limited).toBeGreaterThan(0);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
  });
});
