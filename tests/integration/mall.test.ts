/**
 * The mall against a real database: a purchase takes exactly the price through the ledger and
 * grants the items or the noble title in the same transaction; a retried order is charged once;
 * refusals (short of gems, a lower noble level, guests, unknown items) change nothing; parallel
 * purchases never overdraw; a lapsed noble reads as level 0 everywhere it is shown.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BuyResult,
  CatalogueEntry,
  InsufficientData,
  MallHoldings,
} from '../../src/lib/mall/api.ts';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import { SERVER_FRAME, type EnterData } from '../../src/lib/realtime/protocol/index.ts';
import type { UserInfo } from '../../src/lib/user-info.ts';
import type { VoucherList, WalletRecord } from '../../src/lib/wallet/records.ts';
import { getAnchorProfile } from '../../src/server/anchors/profile.ts';
import { createApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/sessions.ts';
import { itemQuantity } from '../../src/server/backpack/service.ts';
import {
  backpackLedger,
  ledgerEntries,
  ledgerOperations,
  RANKING_BOARD,
  users,
} from '../../src/server/db/schema.ts';
import { addContribution, SITE_SCOPE, topRanking } from '../../src/server/rankings/service.ts';
import { createUser } from '../../src/server/users/service.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { callApi, DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { joinAsGuest, joinAsUser, startHubServer, type HubServer } from './realtime-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOBLE = 100002;
const ANCHOR = 100003;

type Envelope<T> = Awaited<ReturnType<typeof callApi<T>>>;

describe.each(DB_KINDS)('mall (%s)', (kind) => {
  let t: TestRuntime;
  let app: ReturnType<typeof createApi>;
  let hub: HubServer;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    app = createApi(t.rt);
    hub = await startHubServer(t.rt, { tickMs: 50 });
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
    await t?.dispose();
  });

  /** A new member holding `gems` gems (granted through the ledger) and a session. */
  async function shopper(gems: number): Promise<{ id: number; headers: Record<string, string> }> {
    const id = await createUser(t.rt.db, {
      mobile: `137${String(randomInt(0, 1e8)).padStart(8, '0')}`,
      regSource: 'OFFICIAL',
      regAnchorId: null,
    });
    if (gems > 0) {
      await applyMoves(t.rt.db, {
        key: `test-grant:${id}`,
        kind: 'grant',
        moves: [{ userId: id, currency: 'gold', amount: gems * 100, kind: 'grant' }],
      });
    }
    const token = await createSession(t.rt.db, id, 'test');
    return { id, headers: { authorization: `Bearer ${token}`, lang: 'en' } };
  }

  const buy = (
    headers: Record<string, string>,
    itemId: string,
    orderId: string = randomUUID(),
  ): Promise<Envelope<BuyResult>> =>
    callApi<BuyResult>(
      app,
      'POST',
      '/api/mall/buy',
      { item_id: itemId, client_order_id: orderId },
      headers,
    );

  const gold = async (userId: number) => (await readBalances(t.rt.db, userId)).gold;

  const title = async (userId: number) => {
    const [row] = await t.rt.db
      .select({ level: users.vipLevel, expiresAt: users.vipExpiresAt })
      .from(users)
      .where(eq(users.id, userId));
    return row!;
  };

  const purchases = (userId: number) =>
    t.rt.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'purchase')));

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

  it('extends the same noble level, upgrades keeping the later expiry, refuses a lower level', async () => {
    const me = await shopper(20_000);
    const start = Date.now();
    const fox = await buy(me.headers, 'noble-1-30');
    expect(fox.data.vip_level).toBe(1);
    const firstExpiry = (await title(me.id)).expiresAt!.getTime();
    expect(firstExpiry).toBeGreaterThanOrEqual(start + 30 * DAY);
    expect(firstExpiry).toBeLessThanOrEqual(Date.now() + 30 * DAY);
    expect(fox.data.vip_expires_at).toBe(Math.floor(firstExpiry / 1000));

    // Same level: 30 more days from the current expiry.
    await buy(me.headers, 'noble-1-30');
    expect((await title(me.id)).expiresAt!.getTime()).toBe(firstExpiry + 30 * DAY);

    // Higher level: takes over now; the fox's later expiry (60 days) beats now + 30.
    const lion = await buy(me.headers, 'noble-2-30');
    expect(lion.data.vip_level).toBe(2);
    expect(await title(me.id)).toEqual({ level: 2, expiresAt: new Date(firstExpiry + 30 * DAY) });

    // Lower level while the lion is active: refused, nothing charged.
    const before = await gold(me.id);
    const lower = await buy(me.headers, 'noble-1-90');
    expect(lower).toMatchObject({
      status: 1,
      msg: 'Your noble level is already higher',
      data: null,
    });
    const lowerZh = await buy({ ...me.headers, lang: 'zh_cn' }, 'noble-1-30');
    expect(lowerZh.msg).toBe('您的贵族等级已经更高了');
    expect(await gold(me.id)).toBe(before);
    expect((await title(me.id)).level).toBe(2);
    expect(await purchases(me.id)).toHaveLength(3);

    // An upgrade over a title with little time left runs for the whole new period.
    await t.rt.db
      .update(users)
      .set({ vipExpiresAt: new Date(Date.now() + 2 * DAY) })
      .where(eq(users.id, me.id));
    const beforeDragon = Date.now();
    await buy(me.headers, 'noble-3-30');
    const dragon = await title(me.id);
    expect(dragon.level).toBe(3);
    expect(dragon.expiresAt!.getTime()).toBeGreaterThanOrEqual(beforeDragon + 30 * DAY);
    expect(await gold(me.id)).toBe(2_000_000 - 30_000 * 2 - 120_000 - 500_000);
  });

  it('reads a lapsed noble as level 0: user info, the hub, rankings, anchor pages and the mall', async () => {
    const lapsed = new Date(Date.now() - DAY);
    await t.rt.db.update(users).set({ vipExpiresAt: lapsed }).where(eq(users.id, NOBLE));
    await t.rt.db
      .update(users)
      .set({ vipLevel: 2, vipExpiresAt: lapsed })
      .where(eq(users.id, ANCHOR));
    const token = await createSession(t.rt.db, NOBLE, 'test');
    const headers = { authorization: `Bearer ${token}`, lang: 'en' };

    const info = await callApi<UserInfo>(app, 'GET', '/api/user/getUserInfo', undefined, headers);
    expect(info.data.vip_level).toBe(0);
    const holdings = await callApi<MallHoldings>(app, 'POST', '/api/mall/holdings', {}, headers);
    expect(holdings.data).toMatchObject({ vip_level: 0, vip_expires_at: null });
    expect((await getAnchorProfile(t.rt.db, ANCHOR))!.vipLevel).toBe(0);
    await t.rt.db.transaction((tx) =>
      addContribution(tx, { anchorId: ANCHOR, userId: NOBLE, amount: 10_000_000, at: new Date() }),
    );
    const board = await topRanking(t.rt.db, {
      board: RANKING_BOARD.fans,
      scopeId: SITE_SCOPE,
      period: 'day',
      limit: 50,
    });
    expect(board.list.find((e) => e.user_id === NOBLE)).toMatchObject({ rank: 1, vip_level: 0 });

    // The hub announces the lapsed noble as a plain member (no entrance).
    const guest = await joinAsGuest(hub, t.rt, 'device-mall-guest', ANCHOR);
    const noble = await joinAsUser(hub, t.rt, NOBLE, ANCHOR);
    const enter = await guest.next(SERVER_FRAME.enter, (d: EnterData) => d.user_id === NOBLE);
    expect((enter.data as EnterData).vip_level).toBe(0);
    noble.close();

    // A lapsed title is no obstacle: buying a fox starts afresh.
    const fox = await buy(headers, 'noble-1-30');
    expect(fox).toMatchObject({ status: 0, data: { vip_level: 1 } });
    const again = await joinAsUser(hub, t.rt, NOBLE, ANCHOR);
    await expect
      .poll(() =>
        guest
          .all(SERVER_FRAME.enter)
          .map((f) => f.data as EnterData)
          .filter((d) => d.user_id === NOBLE)
          .map((d) => d.vip_level),
      )
      .toEqual([0, 1]);
    again.close();
    guest.close();
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
