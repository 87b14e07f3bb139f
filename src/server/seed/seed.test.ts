import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, count, eq, like, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_CONFIG_KEYS } from '../../lib/common-config.ts';
import { PROP_TYPE } from '../../lib/live/props.ts';
import { verifyPassword } from '../auth/password.ts';
import { openDatabase, type Database } from '../db/index.ts';
import {
  adBanners,
  appConfig,
  backpackItems,
  backpackLedger,
  categories,
  gifts,
  ledgerEntries,
  liveRooms,
  maintenanceWindows,
  matches,
  roomManagers,
  secondCategories,
  teams,
  users,
  wallets,
} from '../db/schema.ts';
import { DEMO_PASSWORD, isDatabaseEmpty, resetDemoData, seedDemo } from './index.ts';

const TIMEOUT = 60_000;
const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-14T12:00:00Z');
const publicDir = fileURLToPath(new URL('../../../public', import.meta.url));

/** Level n starts at 100 * n * n experience. */
const levelOf = (exp: number): number => Math.floor(Math.sqrt(exp / 100));

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  await seedDemo(database.db, now);
}, TIMEOUT);

afterAll(async () => {
  await database?.close();
});

async function account(mobile: string) {
  const [row] = await database.db
    .select()
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.mobile, mobile));
  if (!row) throw new Error(`missing demo account ${mobile}`);
  return { ...row.users, ...row.wallets };
}

describe('seedDemo', { timeout: TIMEOUT }, () => {
  it('fills the database', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('gives every demo account with a phone the demo password, the fans too (README)', async () => {
    const people = await database.db
      .select({ mobile: users.mobile, passwordHash: users.passwordHash })
      .from(users)
      .where(like(users.mobile, '139000000%'));
    expect(people.map((p) => p.mobile)).toContain('13900000027');
    for (const person of people)
      expect(await verifyPassword(DEMO_PASSWORD, person.passwordHash ?? ''), person.mobile).toBe(
        true,
      );
  });

  it('creates the five demo accounts with their roles, levels and balances', async () => {
    const viewer = await account('13900000001');
    expect(viewer).toMatchObject({ role: 1, vipLevel: 0, gold: 1_000_000, diamond: 10_000 });
    expect(levelOf(viewer.exp)).toBe(5);
    expect(await verifyPassword(DEMO_PASSWORD, viewer.passwordHash)).toBe(true);

    const noble = await account('13900000002');
    expect(noble).toMatchObject({ role: 1, vipLevel: 3, gold: 500_000, diamond: 5_000 });
    expect(levelOf(noble.exp)).toBe(15);
    expect(noble.vipExpiresAt?.getTime()).toBe(now.getTime() + 30 * DAY);

    expect((await account('13900000003')).role).toBe(2);
    expect((await account('13900000004')).role).toBe(1);
    expect((await account('13900000005')).role).toBe(3);

    const all = await database.db.select().from(users);
    // The quiz escrow and platform accounts (role 0) are no people: nobody can log in as them.
    for (const user of all.filter((u) => u.role !== 0)) {
      expect([...user.nickName].length).toBeGreaterThanOrEqual(2);
      expect([...user.nickName].length).toBeLessThanOrEqual(8);
      expect(user.mobile).toMatch(/^1[3-9]\d{9}$/);
    }
    const [walletCount] = await database.db.select({ n: count() }).from(wallets);
    expect(walletCount?.n).toBe(all.length);
  });

  it('backs every balance with ledger rows', async () => {
    const sums = await database.db
      .select({
        userId: ledgerEntries.userId,
        currency: ledgerEntries.currency,
        total: sql<number>`sum(${ledgerEntries.amount})::bigint`.mapWith(Number),
      })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.userId, ledgerEntries.currency);
    const ledger = (userId: number, currency: string) =>
      sums.find((s) => s.userId === userId && s.currency === currency)?.total ?? 0;
    const rows = await database.db.select().from(wallets);
    expect(rows.some((w) => w.gold > 0)).toBe(true);
    for (const wallet of rows) {
      expect(ledger(wallet.userId, 'gold')).toBe(wallet.gold);
      expect(ledger(wallet.userId, 'diamond')).toBe(wallet.diamond);
      expect(ledger(wallet.userId, 'income')).toBe(wallet.income);
    }
  });

  it('gives the demo viewer gifts in the backpack, each on sale and backed by a grant', async () => {
    const viewer = await account('13900000001');
    const held = await database.db
      .select()
      .from(backpackItems)
      .innerJoin(gifts, eq(gifts.id, backpackItems.propsId))
      .where(
        and(eq(backpackItems.userId, viewer.id), eq(backpackItems.itemType, PROP_TYPE.giftItem)),
      )
      .orderBy(asc(gifts.price));
    expect(held.map((r) => [r.gifts.id, r.backpack_items.quantity])).toEqual([
      [1, 10],
      [11, 2],
    ]);
    // A cheap gift that combos and a showy animated one, both on sale.
    expect(held[0]!.gifts).toMatchObject({ enabled: true, comboable: true });
    expect(held[1]!.gifts).toMatchObject({ enabled: true, animatType: 1 });
    const granted = await database.db
      .select({
        userId: backpackLedger.userId,
        itemType: backpackLedger.itemType,
        propsId: backpackLedger.propsId,
        total: sql<number>`sum(${backpackLedger.delta})::int`.mapWith(Number),
      })
      .from(backpackLedger)
      .groupBy(backpackLedger.userId, backpackLedger.itemType, backpackLedger.propsId);
    const items = await database.db.select().from(backpackItems);
    expect(granted).toHaveLength(items.length);
    for (const item of items) {
      const sum = granted.find(
        (g) =>
          g.userId === item.userId && g.itemType === item.itemType && g.propsId === item.propsId,
      );
      expect(sum?.total).toBe(item.quantity);
    }
  });

  it('schedules matches from 7 days before to 7 days after now', async () => {
    const rows = await database.db.select().from(matches).orderBy(asc(matches.startTime));
    const first = rows[0]!.startTime.getTime();
    const last = rows.at(-1)!.startTime.getTime();
    expect(first).toBeGreaterThanOrEqual(now.getTime() - 7 * DAY);
    expect(first).toBeLessThan(now.getTime() - 6 * DAY);
    expect(last).toBeLessThanOrEqual(now.getTime() + 7 * DAY);
    expect(last).toBeGreaterThan(now.getTime() + 6 * DAY);
    for (let day = -7; day < 7; day += 1) {
      const from = now.getTime() + day * DAY;
      const inDay = rows.filter(
        (m) => m.startTime.getTime() >= from && m.startTime.getTime() < from + DAY,
      );
      expect(inDay.length, `matches on day ${day}`).toBeGreaterThanOrEqual(3);
    }
    for (const match of rows) {
      const past = match.startTime.getTime() <= now.getTime();
      if (match.status === 2) {
        expect(past).toBe(true);
        expect(match.homeScore).not.toBeNull();
        expect(match.awayScore).not.toBeNull();
      } else if (match.status === 1) {
        expect(past).toBe(true);
        expect(match.homeScore).not.toBeNull();
      } else {
        expect(match.status).toBe(0);
        expect(past).toBe(false);
        expect(match.homeScore).toBeNull();
      }
      expect(match.homeTeamId).not.toBe(match.awayTeamId);
    }
    expect(rows.filter((m) => m.status === 1).length).toBeGreaterThanOrEqual(2);
    for (const sportId of [1, 2, 3]) {
      expect(rows.some((m) => m.sportId === sportId && m.status === 2)).toBe(true);
    }
  });

  it('gives at least eight anchors a room, some live and some not', async () => {
    const rooms = await database.db
      .select({ room: liveRooms, role: users.role })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId));
    expect(rooms.length).toBeGreaterThanOrEqual(9);
    expect(rooms.every((r) => r.role === 2)).toBe(true);
    const live = rooms.filter((r) => r.room.isLive);
    expect(live.length).toBeGreaterThanOrEqual(5);
    expect(rooms.length - live.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rooms.map((r) => r.room.categoryId))).toEqual(new Set([1, 2, 3]));
    for (const { room } of rooms) {
      expect(room.streamUrl).toBe('/media/demo/master.m3u8');
      expect(room.announcement).not.toBe('');
      if (room.isLive) expect(room.startedAt!.getTime()).toBeLessThan(now.getTime());
    }
  });

  it('puts 13900000003 live in football on a live football match, managed by 13900000004', async () => {
    const anchor = await account('13900000003');
    const manager = await account('13900000004');
    const [row] = await database.db
      .select({ room: liveRooms, second: secondCategories, match: matches })
      .from(liveRooms)
      .innerJoin(secondCategories, eq(secondCategories.id, liveRooms.secondCategoryId))
      .innerJoin(matches, eq(matches.id, liveRooms.matchId))
      .where(eq(liveRooms.anchorId, anchor.id));
    expect(row?.room).toMatchObject({ isLive: true, categoryId: 2 });
    expect(row?.second).toMatchObject({ nameEn: 'Football', sportId: 1 });
    expect(row?.match).toMatchObject({ sportId: 1, status: 1 });
    const managers = await database.db
      .select()
      .from(roomManagers)
      .where(and(eq(roomManagers.anchorId, anchor.id), eq(roomManagers.userId, manager.id)));
    expect(managers).toHaveLength(1);
  });

  it('seeds categories, config, banners and a past maintenance window', async () => {
    const tops = await database.db.select().from(categories).orderBy(asc(categories.sort));
    expect(tops.map((c) => c.nameEn)).toEqual(['Esports', 'Sports', 'Others']);
    const seconds = await database.db.select().from(secondCategories);
    expect(
      seconds
        .filter((c) => c.sportId !== null)
        .map((c) => c.sportId)
        .sort(),
    ).toEqual([1, 2, 3]);

    const config = new Map(
      (await database.db.select().from(appConfig)).map((row) => [row.key, row.value]),
    );
    for (const key of [...COMMON_CONFIG_KEYS, 'chips', 'chat_config']) {
      expect(config.has(key), key).toBe(true);
    }
    expect(config.get('chips')).toEqual([100, 500, 1000, 5000, 10000]);
    expect(config.get('chat_config')).toMatchObject({ total_trigger: 3, continue_trigger_num: 2 });

    const banners = await database.db.select().from(adBanners);
    expect(banners.filter((b) => b.category === 6).length).toBeGreaterThanOrEqual(2);
    expect(banners.filter((b) => b.category === 11).length).toBeGreaterThanOrEqual(2);
    for (const banner of banners) {
      if (banner.jumpType === 2) expect(banner.jumpUrl).toMatch(/^https:\/\//);
      else expect(banner.jumpUrl).toMatch(/^\//);
    }

    const [window] = await database.db.select().from(maintenanceWindows);
    expect(window!.endTime.getTime()).toBeLessThan(now.getTime());
    expect(window!.remindTime!.getTime()).toBeLessThan(window!.startTime.getTime());
  });

  it('points every image at a file in public/', async () => {
    const paths = [
      ...(await database.db.select({ p: users.avatar }).from(users).where(ne(users.role, 0))).map(
        (r) => r.p,
      ),
      ...(await database.db.select({ p: liveRooms.cover }).from(liveRooms)).map((r) => r.p),
      ...(await database.db.select({ p: liveRooms.coverV }).from(liveRooms)).map((r) => r.p),
      ...(await database.db.select({ p: adBanners.image }).from(adBanners)).map((r) => r.p),
    ];
    for (const path of paths) {
      expect(path).toMatch(/^\/demo\//);
      expect(existsSync(`${publicDir}${path}`), path).toBe(true);
    }
  });

  it('resets to the same demo data, twice', async () => {
    const [before] = await database.db.select({ n: count() }).from(teams);
    await database.db.update(wallets).set({ gold: 1 });
    await database.db.update(backpackItems).set({ quantity: 0 });
    await resetDemoData(database.db, now);
    await resetDemoData(database.db, now);
    const [after] = await database.db.select({ n: count() }).from(teams);
    expect(after?.n).toBe(before?.n);
    const viewer = await account('13900000001');
    expect(viewer.id).toBe(100001);
    expect(viewer.gold).toBe(1_000_000);
    const whistles = await database.db
      .select({ quantity: backpackItems.quantity })
      .from(backpackItems)
      .where(
        and(
          eq(backpackItems.userId, viewer.id),
          eq(backpackItems.itemType, PROP_TYPE.giftItem),
          eq(backpackItems.propsId, 1),
        ),
      );
    expect(whistles).toEqual([{ quantity: 10 }]);
  });
});
