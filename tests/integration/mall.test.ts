/**
 * Buying in the mall against a real database: the catalogue in both languages; a purchase takes
 * exactly the price through the ledger and grants the items in the same transaction; a retried
 * order is charged once; refusals (short of gems, guests, unknown items) change nothing; parallel
 * purchases never overdraw; purchases are limited per minute and show in the consumption records.
 * Noble titles are in mall-nobles.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CatalogueEntry, InsufficientData } from '../../src/lib/mall/api.ts';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import type { VoucherList, WalletRecord } from '../../src/lib/wallet/records.ts';
import { itemQuantity } from '../../src/server/backpack/service.ts';
import { backpackLedger, ledgerOperations } from '../../src/server/db/schema.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { callApi, DB_KINDS } from './helpers.ts';
import { mallSuite } from './mall-helpers.ts';

describe.each(DB_KINDS)('mall (%s)', (kind) => {
  const { t, app, shopper, buy, gold, title, purchases } = mallSuite(kind);

  it('lists the catalogue in the caller’s language for anyone', async () => {
    const zh = await callApi<CatalogueEntry[]>(app, 'GET', '/api/mall/catalogue', undefined, {
      lang: 'zh_cn',
    });
    expect(zh.status).toBe(0);
    expect(zh.data).toHaveLength(16);
    expect(zh.data.find((i) => i.id === 'noble-1-30')).toEqual({
      id: 'noble-1-30',
      section: 'nobles',
      name: '灵狐贵族',
      price: 30_000,
      vip_level: 1,
      days: 30,
      type: 0,
      props_id: 0,
      count: 0,
    });
    const en = await callApi<CatalogueEntry[]>(app, 'POST', '/api/mall/catalogue', {});
    expect(en.data.find((i) => i.id === 'colorful-3-20')).toMatchObject({
      section: 'props',
      name: 'Pink chat',
      type: PROP_TYPE.colorful,
      props_id: 3,
      count: 20,
      price: 9_000,
    });
  });

  it('buys a prop pack: gold down by exactly the price, backpack up, a purchase ledger row', async () => {
    const me = await shopper(200);
    const orderId = randomUUID();
    const res = await buy(me.headers, 'speaker-5', orderId);
    expect(res.status).toBe(0);
    expect(res.data).toEqual({
      item_id: 'speaker-5',
      replayed: false,
      price: 5_000,
      bal: { gold: 15_000, diamond: 0 },
      vip_level: 0,
      vip_expires_at: null,
      ticket: 0,
      props: { speaker: 5, colorful1: 0, colorful2: 0, colorful3: 0 },
    });
    expect(await gold(me.id)).toBe(15_000);
    const key = `mall:${me.id}:${orderId}`;
    expect(await purchases(me.id)).toEqual([
      expect.objectContaining({
        currency: 'gold',
        amount: -5_000,
        balanceAfter: 15_000,
        reference: 'speaker-5',
        idempotencyKey: key,
      }),
    ]);
    const items = await t.rt.db
      .select()
      .from(backpackLedger)
      .where(eq(backpackLedger.userId, me.id));
    expect(items).toEqual([
      expect.objectContaining({
        itemType: PROP_TYPE.speaker,
        delta: 5,
        kind: 'purchase',
        reference: key,
      }),
    ]);

    // Tickets and colours land in the backpack the room and the voucher page read.
    expect((await buy(me.headers, 'ticket-1')).data.ticket).toBe(1);
    expect((await buy(me.headers, 'colorful-4-5')).data.props.colorful3).toBe(5);
    const vouchers = await callApi<VoucherList>(
      app,
      'POST',
      '/api/wallet/vouchers',
      {},
      me.headers,
    );
    expect(vouchers.data).toMatchObject({
      tickets: 1,
      props: { speaker: 5, colorful1: 0, colorful2: 0, colorful3: 5 },
    });
    expect(await gold(me.id)).toBe(15_000 - 3_000 - 2_500);
  });

  it('charges a repeated client_order_id once and answers with the first outcome', async () => {
    const me = await shopper(100);
    const orderId = randomUUID();
    const first = await buy(me.headers, 'colorful-2-5', orderId);
    const again = await buy(me.headers, 'colorful-2-5', orderId);
    expect(first.data.replayed).toBe(false);
    expect(again.status).toBe(0);
    expect(again.data).toMatchObject({
      replayed: true,
      bal: first.data.bal,
      props: first.data.props,
    });
    // Two at once with a new id: still one charge.
    const twin = randomUUID();
    const pair = await Promise.all([
      buy(me.headers, 'colorful-2-5', twin),
      buy(me.headers, 'colorful-2-5', twin),
    ]);
    expect(pair.map((r) => r.status)).toEqual([0, 0]);
    expect(pair.map((r) => r.data.replayed).sort()).toEqual([false, true]);
    expect(await gold(me.id)).toBe(10_000 - 2 * 2_500);
    expect(await itemQuantity(t.rt.db, me.id, { type: PROP_TYPE.colorful, propsId: 2 })).toBe(10);
    expect(await purchases(me.id)).toHaveLength(2);
    // The id belongs to that purchase; another item under it is refused.
    const other = await buy(me.headers, 'speaker-5', orderId);
    expect(other).toMatchObject({
      status: 1,
      msg: 'This order number was already used for another item',
    });
    expect(await gold(me.id)).toBe(5_000);
  });

  it('refuses a purchase the gems do not cover, in both languages, and changes nothing', async () => {
    const me = await shopper(299);
    const res = await buy(me.headers, 'noble-1-30');
    expect(res).toMatchObject({
      status: 1,
      msg: 'Insufficient balance: this costs 300 gems, please recharge',
    });
    expect(res.data as unknown as InsufficientData).toEqual({
      code: 10152,
      bal: { gold: 29_900, diamond: 0 },
    });
    const zh = await buy({ ...me.headers, lang: 'zh_cn' }, 'noble-3-90');
    expect(zh.msg).toBe('余额不足：需要 13,500 宝石，请充值');
    expect(await gold(me.id)).toBe(29_900);
    expect(await title(me.id)).toEqual({ level: 0, expiresAt: null });
    expect(await purchases(me.id)).toEqual([]);
    const ops = await t.rt.db
      .select()
      .from(ledgerOperations)
      .where(eq(ledgerOperations.kind, 'purchase'));
    expect(ops.some((op) => op.idempotencyKey.startsWith(`mall:${me.id}:`))).toBe(false);
  });

  it('refuses guests, unknown items and malformed orders', async () => {
    const guest = await callApi(app, 'POST', '/api/mall/buy', {
      item_id: 'speaker-5',
      client_order_id: randomUUID(),
    });
    expect(guest.status).toBe(2);
    const me = await shopper(1_000);
    expect(await buy(me.headers, 'noble-4-30')).toMatchObject({
      status: 1,
      msg: 'This item is not on sale',
    });
    expect(await buy({ ...me.headers, lang: 'zh_cn' }, 'gold-bar')).toMatchObject({
      status: 1,
      msg: '该商品不存在或已下架',
    });
    expect((await buy(me.headers, 'speaker-5', 'short')).status).toBe(1);
    expect((await buy(me.headers, 'speaker-5', 'bad id with spaces')).status).toBe(1);
    const noBody = await callApi(app, 'POST', '/api/mall/buy', {}, me.headers);
    expect(noBody.status).toBe(1);
    const holdings = await callApi(app, 'POST', '/api/mall/holdings', {});
    expect(holdings.status).toBe(2);
    expect(await gold(me.id)).toBe(100_000);
  });

  it('never overdraws: 20 parallel purchases with gems for 5 give exactly 5', async () => {
    const me = await shopper(250);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => buy(me.headers, 'speaker-5')),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(5);
    const refused = results.filter((r) => r.status === 1);
    expect(refused).toHaveLength(15);
    for (const r of refused)
      expect(r.msg).toBe('Insufficient balance: this costs 50 gems, please recharge');
    expect(await gold(me.id)).toBe(0);
    expect(await itemQuantity(t.rt.db, me.id, { type: PROP_TYPE.speaker })).toBe(25);
    expect(await purchases(me.id)).toHaveLength(5);
  });

  it('limits purchases per user and minute', async () => {
    const me = await shopper(0);
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push(await buy(me.headers, 'ticket-1'));
    expect(answers.slice(0, 30).every((r) => r.http === 200 && r.status === 1)).toBe(true);
    expect(answers[30]).toMatchObject({ http: 429, status: 1 });
  });

  it('shows purchases in the consumption records and leaves the ledger clean', async () => {
    const me = await shopper(500);
    await buy(me.headers, 'noble-1-30');
    await buy(me.headers, 'ticket-5');
    const records = await callApi<{ list: WalletRecord[] }>(
      app,
      'POST',
      '/api/wallet/records',
      { type: 'consumption' },
      me.headers,
    );
    expect(records.data.list.map((r) => [r.kind, r.reference, r.amount])).toEqual([
      ['purchase', 'ticket-5', -13_500],
      ['purchase', 'noble-1-30', -30_000],
    ]);
    const report = await verifyLedger(t.rt.db);
    expect(report.drift).toEqual([]);
    expect(isClean(report)).toBe(true);
  });
});
