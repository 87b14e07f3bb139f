/**
 * Noble titles in the mall against a real database: buying the same level extends it, a higher
 * level takes over keeping the later expiry, a lower one is refused and charges nothing; a lapsed
 * noble reads as level 0 everywhere it is shown (user info, the hub, rankings, anchor pages, the
 * mall) and may buy a title afresh.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MallHoldings } from '../../src/lib/mall/api.ts';
import { SERVER_FRAME, type EnterData } from '../../src/lib/realtime/protocol/index.ts';
import type { UserInfo } from '../../src/lib/user-info.ts';
import { getAnchorProfile } from '../../src/server/anchors/profile.ts';
import { createSession } from '../../src/server/sessions.ts';
import { RANKING_BOARD, users } from '../../src/server/db/schema.ts';
import { addContribution, SITE_SCOPE, topRanking } from '../../src/server/rankings/service.ts';
import { isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { callApi, DB_KINDS } from './helpers.ts';
import { mallSuite } from './mall-helpers.ts';
import { joinAsGuest, joinAsUser, startHubServer, type HubServer } from './realtime-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOBLE = 100002;
const ANCHOR = 100003;

describe.each(DB_KINDS)('mall nobles (%s)', (kind) => {
  const { t, app, shopper, buy, gold, title, purchases } = mallSuite(kind);
  let hub: HubServer;
  // Registered after the suite's hooks: starts once the runtime is open, closes before it is.
  beforeAll(async () => {
    hub = await startHubServer(t.rt, { tickMs: 50 });
  }, 60_000);
  afterAll(async () => {
    await hub?.close();
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

  it('leaves the ledger clean after the titles bought, extended and upgraded', async () => {
    const report = await verifyLedger(t.rt.db);
    expect(report.drift).toEqual([]);
    expect(isClean(report)).toBe(true);
  });
});
