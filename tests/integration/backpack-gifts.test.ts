/**
 * Gifts sent from the backpack over the hub, with real sockets: a send takes exactly `count`
 * gift items once per client_msg_id (also when repeats race), reaches the room with the same
 * `gift` frame and combo as a paid gift, adds heat, and moves no money (no debit, no anchor
 * income, no ranking). Refusals (too few items, unknown or disabled gifts, guests) change nothing.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROP_TYPE } from '../../src/lib/live/props.ts';
import {
  CLIENT_FRAME,
  GIFT_SOURCE,
  REALTIME_ERROR,
  SERVER_FRAME,
  type BackpackGiftFeedRep,
  type ErrorData,
  type GiftData,
  type GiftFeedRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import {
  consumeGiftItems,
  grantItems,
  itemQuantity,
  NotEnoughItemsError,
} from '../../src/server/backpack/service.ts';
import {
  BACKPACK_GIFT_KIND,
  backpackLedger,
  gifts,
  ledgerEntries,
  ledgerOperations,
  liveRooms,
  rankingTotals,
  wallets,
} from '../../src/server/db/schema.ts';
import { findGift, giftHeat, sendBackpackGift } from '../../src/server/gifts/service.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { joinAsGuest, joinAsUser, startHubServer, type HubServer } from './realtime-helpers.ts';

const ANCHOR = 100003;
/** The demo viewer: 10 whistles (gift 1, comboable) and 2 rockets (gift 11, animated). */
const VIEWER = 100001;
const MEMBER = 100004;
const WHISTLE = 1;
const ROCKET = 11;
/** A gift taken off sale that MEMBER still holds. */
const RETIRED = 9100;

const held = (t: TestRuntime, userId: number, giftId: number) =>
  itemQuantity(t.rt.db, userId, { type: PROP_TYPE.giftItem, propsId: giftId });

describe.each(DB_KINDS)('backpack gifts over the hub (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await t.rt.db.insert(gifts).values({
      id: RETIRED,
      nameEn: 'Old Drum',
      nameZh: '旧鼓',
      price: 300,
      icon: '/gifts/d.svg',
      enabled: false,
    });
    await grantItems(t.rt.db, {
      userId: MEMBER,
      type: PROP_TYPE.giftItem,
      propsId: RETIRED,
      count: 3,
      kind: 'grant',
    });
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const heat = async () =>
    (await t.rt.db.select().from(liveRooms).where(eq(liveRooms.anchorId, ANCHOR)))[0]!.heat;

  /** Everything money: every wallet, ledger row, operation and ranking total. */
  const money = async () => ({
    wallets: await t.rt.db.select().from(wallets).orderBy(asc(wallets.userId)),
    entries: (await t.rt.db.select({ n: count() }).from(ledgerEntries))[0]!.n,
    operations: (await t.rt.db.select({ n: count() }).from(ledgerOperations))[0]!.n,
    rankings: await t.rt.db
      .select()
      .from(rankingTotals)
      .orderBy(
        asc(rankingTotals.board),
        asc(rankingTotals.scopeId),
        asc(rankingTotals.period),
        asc(rankingTotals.subjectId),
      ),
  });

  const giftUses = (userId: number) =>
    t.rt.db
      .select()
      .from(backpackLedger)
      .where(and(eq(backpackLedger.userId, userId), eq(backpackLedger.kind, BACKPACK_GIFT_KIND)))
      .orderBy(asc(backpackLedger.id));

  const backpackSend = (giftid: number, n: number, id: string) => ({
    giftid,
    count: n,
    client_msg_id: id,
    source: GIFT_SOURCE.backpack,
  });

  it('takes exactly count items, reaches the room with combos, adds heat and moves no money', async () => {
    const watcher = await joinAsGuest(server, t.rt, 'bp-watcher', ANCHOR);
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const before = await money();
    const heatBefore = await heat();
    const bal = before.wallets.find((w) => w.userId === VIEWER)!;

    viewer.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'bp-1'));
    const feed = (await viewer.next(SERVER_FRAME.giftFeedRep)).data as GiftFeedRepData;
    expect(feed).toEqual({
      client_msg_id: 'bp-1',
      bal: { gold: bal.gold, diamond: bal.diamond },
      source: GIFT_SOURCE.backpack,
      backpack: [{ type: PROP_TYPE.giftItem, props_id: WHISTLE, quantity: 9 }],
    });
    const first = (await watcher.next(SERVER_FRAME.gift)).data as GiftData;
    expect(first).toMatchObject({
      giftid: WHISTLE,
      gift_name: 'Whistle',
      count: 1,
      hit: 1,
      uid: VIEWER,
      sender: 'SkyRider',
      icon: '/gifts/whistle.svg',
      animat_type: 0,
    });

    // Within 3 s the same gift counts up the combo, exactly as a paid one does.
    viewer.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'bp-2'));
    const combo = (await watcher.next(SERVER_FRAME.gift, (d: GiftData) => d.hit === 2))
      .data as GiftData;
    expect(combo).toMatchObject({ giftid: WHISTLE, count: 1 });

    // The showy one plays its animation.
    viewer.send(CLIENT_FRAME.gift, backpackSend(ROCKET, 1, 'bp-3'));
    const rocket = (await watcher.next(SERVER_FRAME.gift, (d: GiftData) => d.giftid === ROCKET))
      .data as GiftData;
    expect(rocket).toMatchObject({ animation: 'rocket', animat_type: 1, hit: 1, count: 1 });
    const rocketFeed = (
      await viewer.next(
        SERVER_FRAME.giftFeedRep,
        (d: GiftFeedRepData) => d.client_msg_id === 'bp-3',
      )
    ).data as BackpackGiftFeedRep;
    expect(rocketFeed.backpack).toEqual([
      { type: PROP_TYPE.giftItem, props_id: ROCKET, quantity: 1 },
    ]);

    expect(await held(t, VIEWER, WHISTLE)).toBe(8);
    expect(await held(t, VIEWER, ROCKET)).toBe(1);
    const rocketPrice = (await findGift(t.rt.db, ROCKET))!.price;
    expect(await heat()).toBe(heatBefore + 2 * giftHeat(100) + giftHeat(rocketPrice));
    // No wallet, ledger row, operation or ranking moved: free items create no money.
    expect(await money()).toEqual(before);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
    expect((await giftUses(VIEWER)).map((r) => [r.propsId, r.delta, r.reference])).toEqual([
      [WHISTLE, -1, 'bp-1'],
      [WHISTLE, -1, 'bp-2'],
      [ROCKET, -1, 'bp-3'],
    ]);

    // The backpack call lists the gifts with the counts left.
    const res = await fetch(`${server.url}/api/live/user_backpack`, {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: VIEWER }),
    });
    const body = (await res.json()) as { data: { gifts: unknown; user_backpack: unknown[] } };
    expect(body.data.gifts).toEqual([
      { giftid: WHISTLE, quantity: 8 },
      { giftid: ROCKET, quantity: 1 },
    ]);
    expect(body.data.user_backpack).toContainEqual({ type: 106, props_id: WHISTLE, quantity: 8 });
    viewer.close();
    watcher.close();
  });

  it('refuses more than held in the sender language, changing nothing', async () => {
    const watcher = await joinAsGuest(server, t.rt, 'bp-watcher-2', ANCHOR);
    const zh = await joinAsUser(server, t.rt, VIEWER, ANCHOR, 'zh_cn');
    const en = await joinAsUser(server, t.rt, VIEWER, ANCHOR, 'en');
    const whistles = await held(t, VIEWER, WHISTLE);
    expect(whistles).toBeGreaterThan(0);
    expect(whistles).toBeLessThan(10);
    const before = await money();
    const heatBefore = await heat();
    const usesBefore = (await giftUses(VIEWER)).length;

    zh.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 10, 'short-1'));
    expect((await zh.next(SERVER_FRAME.error)).data as ErrorData).toEqual({
      code: REALTIME_ERROR.notEnoughItems,
      msg: '背包里这个礼物的数量不够',
      client_msg_id: 'short-1',
    });
    // A gift never held at all (the foam finger).
    en.send(CLIENT_FRAME.gift, backpackSend(2, 1, 'short-2'));
    expect((await en.next(SERVER_FRAME.error)).data as ErrorData).toEqual({
      code: REALTIME_ERROR.notEnoughItems,
      msg: "You don't have enough of this gift in your backpack",
      client_msg_id: 'short-2',
    });

    expect(await held(t, VIEWER, WHISTLE)).toBe(whistles);
    expect(await heat()).toBe(heatBefore);
    expect(await money()).toEqual(before);
    expect(await giftUses(VIEWER)).toHaveLength(usesBefore);
    expect(zh.all(SERVER_FRAME.giftFeedRep)).toHaveLength(0);
    // The refusals were answered, so anything they broadcast would precede this send's frame.
    en.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'after-short'));
    await watcher.next(SERVER_FRAME.gift, (d: GiftData) => d.uid === VIEWER);
    expect(watcher.all(SERVER_FRAME.gift)).toHaveLength(1);
    // A refused id is not spent: once enough is held, the same id goes through.
    await grantItems(t.rt.db, {
      userId: VIEWER,
      type: PROP_TYPE.giftItem,
      propsId: WHISTLE,
      count: 10,
      kind: 'grant',
    });
    zh.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 10, 'short-1'));
    const feed = (await zh.next(SERVER_FRAME.giftFeedRep)).data as BackpackGiftFeedRep;
    expect(feed.backpack[0]!.quantity).toBe(whistles - 1);
    for (const c of [watcher, zh, en]) c.close();
  });

  it('takes the items once for a repeated client_msg_id, also when repeats race', async () => {
    const watcher = await joinAsGuest(server, t.rt, 'bp-watcher-3', ANCHOR);
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const second = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    await grantItems(t.rt.db, {
      userId: VIEWER,
      type: PROP_TYPE.giftItem,
      propsId: WHISTLE,
      count: 10,
      kind: 'grant',
    });
    await grantItems(t.rt.db, {
      userId: VIEWER,
      type: PROP_TYPE.giftItem,
      propsId: ROCKET,
      count: 1,
      kind: 'grant',
    });
    const start = await held(t, VIEWER, WHISTLE);
    const heatBefore = await heat();

    viewer.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 10, 'once-1'));
    await viewer.next(SERVER_FRAME.giftFeedRep);
    viewer.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 10, 'once-1'));
    await expect.poll(() => viewer.all(SERVER_FRAME.giftFeedRep).length).toBe(2);
    const repeats = viewer.all(SERVER_FRAME.giftFeedRep).map((f) => f.data as BackpackGiftFeedRep);
    expect(repeats.map((r) => r.backpack[0]!.quantity)).toEqual([start - 10, start - 10]);

    // Eight copies of one press from two sockets of the same user, all at once.
    for (let i = 0; i < 4; i += 1) {
      viewer.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'race-1'));
      second.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'race-1'));
    }
    await expect
      .poll(
        () =>
          [...viewer.all(SERVER_FRAME.giftFeedRep), ...second.all(SERVER_FRAME.giftFeedRep)].filter(
            (f) => (f.data as GiftFeedRepData).client_msg_id === 'race-1',
          ).length,
        { timeout: 10_000 },
      )
      .toBe(8);
    expect(await held(t, VIEWER, WHISTLE)).toBe(start - 11);
    expect(await heat()).toBe(heatBefore + giftHeat(1_000) + giftHeat(100));
    const uses = (await giftUses(VIEWER)).filter((r) => r.reference.startsWith('race-'));
    expect(uses).toHaveLength(1);
    // The room saw each press once: every answer came before this marker, and so did every
    // broadcast, so what precedes the marker's frame is all there is.
    viewer.send(CLIENT_FRAME.gift, backpackSend(ROCKET, 1, 'marker-3'));
    await watcher.next(SERVER_FRAME.gift, (d: GiftData) => d.giftid === ROCKET);
    expect(watcher.all(SERVER_FRAME.gift).map((f) => (f.data as GiftData).count)).toEqual([
      10, 1, 1,
    ]);
    for (const c of [watcher, viewer, second]) c.close();
  });

  it('applies one reference once when the service is called in parallel', async () => {
    await grantItems(t.rt.db, {
      userId: MEMBER,
      type: PROP_TYPE.giftItem,
      propsId: WHISTLE,
      count: 5,
      kind: 'grant',
    });
    const gift = (await findGift(t.rt.db, WHISTLE))!;
    const heatBefore = await heat();
    const outcomes = await Promise.all(
      Array.from({ length: 12 }, () =>
        sendBackpackGift(t.rt.db, {
          senderId: MEMBER,
          anchorId: ANCHOR,
          gift,
          count: 1,
          clientMsgId: 'parallel-1',
          at: new Date(),
        }),
      ),
    );
    expect(outcomes.filter((o) => !o.replayed)).toHaveLength(1);
    expect(outcomes.every((o) => o.quantity === 4)).toBe(true);
    expect(await held(t, MEMBER, WHISTLE)).toBe(4);
    expect(await heat()).toBe(heatBefore + 1);

    // Different references race for the last items: exactly as many win as there are items.
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        consumeGiftItems(t.rt.db, {
          userId: MEMBER,
          giftId: WHISTLE,
          count: 1,
          reference: `drain-${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(NotEnoughItemsError);
    }
    expect(await held(t, MEMBER, WHISTLE)).toBe(0);
  });

  it('refuses unknown and retired gifts, bad frames, guests and the anchor', async () => {
    const member = await joinAsUser(server, t.rt, MEMBER, ANCHOR);
    const retiredBefore = await held(t, MEMBER, RETIRED);
    const before = await money();
    member.send(CLIENT_FRAME.gift, backpackSend(424242, 1, 'bad-1'));
    member.send(CLIENT_FRAME.gift, backpackSend(RETIRED, 1, 'bad-2'));
    member.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 7, 'bad-3'));
    member.send(CLIENT_FRAME.gift, { ...backpackSend(WHISTLE, 1, 'bad-4'), source: 'shop' });
    await expect.poll(() => member.all(SERVER_FRAME.error).length).toBe(4);
    const refusals = member.all(SERVER_FRAME.error).map((f) => f.data as ErrorData);
    expect(refusals.every((e) => e.code === REALTIME_ERROR.badFrame)).toBe(true);
    expect(refusals.map((e) => e.client_msg_id).sort()).toEqual([
      'bad-1',
      'bad-2',
      'bad-3',
      'bad-4',
    ]);
    expect(refusals.map((e) => e.msg).sort()).toEqual([
      'This gift cannot be sent',
      'This gift cannot be sent',
      'This gift is no longer available',
      'This gift is no longer available',
    ]);
    expect(member.all(SERVER_FRAME.giftFeedRep)).toHaveLength(0);
    expect(await held(t, MEMBER, RETIRED)).toBe(retiredBefore);
    expect((await giftUses(MEMBER)).filter((r) => r.reference.startsWith('bad-'))).toEqual([]);

    const guest = await joinAsGuest(server, t.rt, 'bp-guest', ANCHOR);
    guest.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'guest-1'));
    expect((await guest.next(SERVER_FRAME.error)).data as ErrorData).toEqual({
      code: REALTIME_ERROR.forbidden,
      msg: 'Log in to send gifts',
      client_msg_id: 'guest-1',
    });
    const anchor = await joinAsUser(server, t.rt, ANCHOR, ANCHOR);
    await grantItems(t.rt.db, {
      userId: ANCHOR,
      type: PROP_TYPE.giftItem,
      propsId: WHISTLE,
      count: 1,
      kind: 'grant',
    });
    anchor.send(CLIENT_FRAME.gift, backpackSend(WHISTLE, 1, 'self-1'));
    expect(((await anchor.next(SERVER_FRAME.error)).data as ErrorData).code).toBe(
      REALTIME_ERROR.forbidden,
    );
    expect(await held(t, ANCHOR, WHISTLE)).toBe(1);
    expect(await money()).toEqual(before);
    for (const c of [member, guest, anchor]) c.close();
  });
});
