/**
 * Demo fans and the gifts behind today's and this month's rankings. The gifts go through
 * addContribution, the function the gift economy calls, so the seed exercises the real path.
 * They are demo totals only: no balance moved for them.
 */
import { seededRandom } from '../../lib/random.ts';
import { siteDay, siteDayRange } from '../../lib/time.ts';
import { addContribution } from '../rankings/service.ts';
import type { Db } from '../db/index.ts';
import { users, wallets } from '../db/schema.ts';
import { DEMO_FANS } from './fans.ts';
import { avatarPath, DEMO_ROOMS } from './people.ts';
import { nicknameKey } from '../users/nickname-key.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Gift values in minor units, cheapest first (1 to 5,200 gems). */
const GIFT_VALUES = [100, 520, 1_000, 1_880, 5_200, 13_140, 52_000, 131_400, 520_000] as const;

/** Mobiles of the givers, with how often each gives and the dearest gift index each sends. */
const GIVERS: readonly { mobile: string; weight: number; top: number }[] = [
  { mobile: '13900000002', weight: 6, top: 8 },
  { mobile: '13900000024', weight: 5, top: 8 },
  { mobile: '13900000027', weight: 4, top: 6 },
  { mobile: '13900000001', weight: 4, top: 5 },
  { mobile: '13900000022', weight: 3, top: 5 },
  { mobile: '13900000020', weight: 3, top: 4 },
  { mobile: '13900000004', weight: 2, top: 4 },
  { mobile: '13900000026', weight: 2, top: 3 },
  { mobile: '13900000021', weight: 2, top: 3 },
  { mobile: '13900000023', weight: 1, top: 2 },
  { mobile: '13900000025', weight: 1, top: 2 },
  { mobile: '13900000011', weight: 1, top: 3 },
];

function weighted<T extends { weight: number }>(items: readonly T[], roll: number): T {
  let left = roll;
  for (const item of items) {
    if (left < item.weight) return item;
    left -= item.weight;
  }
  return items.at(-1)!;
}

/** Inserts the demo fans with empty wallets; returns their ids by mobile. */
export async function seedFans(
  db: Db,
  now: Date,
  passwordHash: string,
): Promise<Map<string, number>> {
  const rows = await db
    .insert(users)
    .values(
      DEMO_FANS.map((fan, index) => ({
        mobile: fan.mobile,
        // The demo password, like every other demo account (README).
        passwordHash,
        nickName: fan.nickName,
        nickKey: nicknameKey(fan.nickName),
        avatar: avatarPath(fan),
        exp: fan.exp,
        vipLevel: fan.vipLevel,
        vipExpiresAt: fan.vipDays ? new Date(now.getTime() + fan.vipDays * DAY) : null,
        role: fan.role,
        createdAt: new Date(now.getTime() - (40 - index * 3) * DAY),
      })),
    )
    .returning({ id: users.id, mobile: users.mobile });
  await db.insert(wallets).values(rows.map((row) => ({ userId: row.id })));
  return new Map(rows.map((row) => [row.mobile, row.id]));
}

/** Gifts spread over this Beijing month before today (about 110) and over today so far (about 45). */
export async function seedRankings(db: Db, ids: Map<string, number>, now: Date): Promise<void> {
  const rand = seededRandom(20_261_123);
  const random = (max: number) => Math.floor(rand() * max);
  const anchors = DEMO_ROOMS.map((room, i) => ({
    id: ids.get(room.anchorMobile)!,
    // Live rooms and the first rooms of the list draw more gifts.
    weight: (room.live ? 6 : 2) + Math.max(0, 4 - i),
  }));
  const givers = GIVERS.map((g) => ({ ...g, id: ids.get(g.mobile)! }));
  const giverWeight = givers.reduce((s, g) => s + g.weight, 0);
  const anchorWeight = anchors.reduce((s, a) => s + a.weight, 0);
  const today = siteDay(now);
  const dayStart = siteDayRange(today).start.getTime();
  const monthStart = siteDayRange(`${today.slice(0, 7)}-01`).start.getTime();
  const spans = [
    { from: monthStart, to: dayStart, count: dayStart > monthStart ? 110 : 0 },
    { from: dayStart, to: now.getTime(), count: 45 },
  ];
  for (const span of spans) {
    for (let i = 0; i < span.count; i += 1) {
      const giver = weighted(givers, random(giverWeight));
      const anchor = weighted(anchors, random(anchorWeight));
      if (anchor.id === giver.id) continue;
      // Cheap gifts are common and come in combos; dear ones are rare and single.
      const value = GIFT_VALUES[random(giver.top + 1)]!;
      const combo = value <= 1_880 ? [1, 1, 3, 10][random(4)]! : 1;
      const at = new Date(span.from + random(Math.max(1, span.to - span.from)));
      await addContribution(db, {
        anchorId: anchor.id,
        userId: giver.id,
        amount: value * combo,
        at,
      });
    }
  }
}
