/**
 * Gifts over the hub with real sockets: a send debits the sender once per client_msg_id,
 * credits the anchor's share, grows heat and rankings, reaches the room with its combo count,
 * and answers the sender's new balance; refusals (10152 and the rest) change nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
  type GiftData,
  type GiftFeedRepData,
} from '../../src/lib/realtime/protocol/index.ts';
import { gifts, liveRooms, rankingTotals } from '../../src/server/db/schema.ts';
import { applyMoves, readBalances } from '../../src/server/wallet/ledger.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { DB_KINDS, openTestRuntime, type TestRuntime } from './helpers.ts';
import { joinAsGuest, joinAsUser, startHubServer, type HubServer } from './realtime-helpers.ts';

const ANCHOR = 100003;
const VIEWER = 100001;
const CHEAP = 9001;
const DEAR = 9002;

describe.each(DB_KINDS)('gifts over the hub (%s)', (kind) => {
  let t: TestRuntime;
  let server: HubServer;
  beforeAll(async () => {
    t = await openTestRuntime(kind);
    await t.rt.db.insert(gifts).values([
      { id: CHEAP, nameEn: 'Whistle', nameZh: '哨子', price: 100, icon: '/gifts/w.svg' },
      {
        id: DEAR,
        nameEn: 'Trophy',
        nameZh: '奖杯',
        price: 100_000_000,
        icon: '/gifts/t.svg',
        animation: 'trophy',
        animatType: 1,
        comboable: false,
      },
    ]);
    // The viewer holds exactly 5,000 minor units of gold more than the seed gave.
    await applyMoves(t.rt.db, {
      key: 'test-grant',
      kind: 'grant',
      moves: [{ userId: VIEWER, currency: 'gold', amount: 5_000, kind: 'grant' }],
    });
    server = await startHubServer(t.rt, { tickMs: 20 });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await t?.dispose();
  });

  const heat = async () =>
    (await t.rt.db.select().from(liveRooms).where(eq(liveRooms.anchorId, ANCHOR)))[0]!.heat;

  it('charges once, credits the anchor, reaches the room with combos and answers the balance', async () => {
    const guest = await joinAsGuest(server, t.rt, 'gift-guest', ANCHOR);
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const before = await readBalances(t.rt.db, VIEWER);
    const anchorBefore = await readBalances(t.rt.db, ANCHOR);
    const heatBefore = await heat();

    viewer.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 1, client_msg_id: 'a-1' });
    const feed = (await viewer.next(SERVER_FRAME.giftFeedRep)).data as GiftFeedRepData;
    expect(feed).toEqual({
      client_msg_id: 'a-1',
      bal: { gold: before.gold - 100, diamond: before.diamond },
    });
    const first = (await guest.next(SERVER_FRAME.gift)).data as GiftData;
    expect(first).toMatchObject({
      giftid: CHEAP,
      uid: VIEWER,
      count: 1,
      hit: 1,
      sender: 'SkyRider',
    });

    viewer.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 10, client_msg_id: 'a-2' });
    const combo = (await guest.next(SERVER_FRAME.gift, (d: GiftData) => d.hit > 1))
      .data as GiftData;
    expect(combo).toMatchObject({ count: 10, hit: 11 });

    // The same press again: answered with the balance, charged and shown nothing.
    viewer.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 10, client_msg_id: 'a-2' });
    await viewer.next(
      SERVER_FRAME.giftFeedRep,
      (d: GiftFeedRepData) =>
        d.client_msg_id === 'a-2' && viewer.all(SERVER_FRAME.giftFeedRep).length === 3,
    );
    // Proving an absence: give a second broadcast time to reach the guest if it were sent.
    await new Promise((r) => setTimeout(r, 200));
    expect(guest.all(SERVER_FRAME.gift)).toHaveLength(2);

    const after = await readBalances(t.rt.db, VIEWER);
    expect(after.gold).toBe(before.gold - 1_100);
    expect((await readBalances(t.rt.db, ANCHOR)).income).toBe(anchorBefore.income + 550);
    expect(await heat()).toBe(heatBefore + 11);
    const [room] = await t.rt.db
      .select()
      .from(rankingTotals)
      .where(
        and(
          eq(rankingTotals.board, 'room'),
          eq(rankingTotals.scopeId, ANCHOR),
          eq(rankingTotals.subjectId, VIEWER),
          eq(rankingTotals.period, 'day'),
        ),
      );
    expect(room!.amount).toBeGreaterThanOrEqual(1_100);
    expect(isClean(await verifyLedger(t.rt.db))).toBe(true);
    viewer.close();
    guest.close();
  });

  it('refuses a gift the sender cannot pay with 10152 in their language, changing nothing', async () => {
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR, 'zh_cn');
    const before = await readBalances(t.rt.db, VIEWER);
    const heatBefore = await heat();
    viewer.send(CLIENT_FRAME.gift, { giftid: DEAR, count: 1314, client_msg_id: 'b-1' });
    const error = (await viewer.next(SERVER_FRAME.error)).data as ErrorData;
    expect(error).toMatchObject({
      code: REALTIME_ERROR.insufficientBalance,
      msg: '余额不足，请充值',
    });
    expect(await readBalances(t.rt.db, VIEWER)).toEqual(before);
    expect(await heat()).toBe(heatBefore);
    viewer.close();
  });

  it('names a refused send by its client_msg_id, when it carried a valid one', async () => {
    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const before = await readBalances(t.rt.db, VIEWER);
    viewer.send(CLIENT_FRAME.gift, { giftid: DEAR, count: 1314, client_msg_id: 'echo-short' });
    viewer.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 7, client_msg_id: 'echo-count' });
    viewer.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 7, client_msg_id: 'not valid' });
    const named = async (id: string | undefined) =>
      (await viewer.next(SERVER_FRAME.error, (d: ErrorData) => d.client_msg_id === id))
        .data as ErrorData;
    expect(await named('echo-short')).toMatchObject({
      code: REALTIME_ERROR.insufficientBalance,
      client_msg_id: 'echo-short',
    });
    expect((await named('echo-count')).code).toBe(REALTIME_ERROR.badFrame);
    // An id the hub does not accept is not echoed.
    expect(await named(undefined)).not.toHaveProperty('client_msg_id');
    expect(viewer.all(SERVER_FRAME.error)).toHaveLength(3);
    expect(await readBalances(t.rt.db, VIEWER)).toEqual(before);
    viewer.close();
  });

  it('refuses guests, the anchor in their own room, counts off the panel and unknown gifts', async () => {
    const guest = await joinAsGuest(server, t.rt, 'gift-guest-2', ANCHOR);
    guest.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 1, client_msg_id: 'g-1' });
    expect(((await guest.next(SERVER_FRAME.error)).data as ErrorData).msg).toBe(
      'Log in to send gifts',
    );

    const anchor = await joinAsUser(server, t.rt, ANCHOR, ANCHOR);
    anchor.send(CLIENT_FRAME.gift, { giftid: CHEAP, count: 1, client_msg_id: 'self-1' });
    expect(((await anchor.next(SERVER_FRAME.error)).data as ErrorData).code).toBe(
      REALTIME_ERROR.forbidden,
    );

    const viewer = await joinAsUser(server, t.rt, VIEWER, ANCHOR);
    const before = await readBalances(t.rt.db, VIEWER);
    for (const bad of [
      { giftid: CHEAP, count: 7, client_msg_id: 'c-1' },
      { giftid: CHEAP, count: 1, client_msg_id: 'has spaces' },
      { giftid: 424242, count: 1, client_msg_id: 'c-2' },
      { giftid: CHEAP, count: 1 },
    ]) {
      viewer.send(CLIENT_FRAME.gift, bad);
    }
    await expect.poll(() => viewer.all(SERVER_FRAME.error).length, { timeout: 5000 }).toBe(4);
    expect(viewer.all(SERVER_FRAME.giftFeedRep)).toHaveLength(0);
    expect(await readBalances(t.rt.db, VIEWER)).toEqual(before);
    for (const c of [guest, anchor, viewer]) c.close();
  });

  it('lists the catalogue in the caller language', async () => {
    const res = await fetch(`${server.url}/api/live/gift_list`, {
      method: 'POST',
      headers: { lang: 'zh_cn', 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await res.json()) as { data: { id: number; name: string; price: number }[] };
    expect(body.data.find((g) => g.id === CHEAP)).toMatchObject({ name: '哨子', price: 100 });
  });
});
