/** The anchor page's profile: who the anchor is, their fans and their room's state. */
import { and, eq } from 'drizzle-orm';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import { levelOf } from '../../lib/rules/level.ts';
import type { Db } from '../db/index.ts';
import { liveRooms, ROLE, users } from '../db/schema.ts';
import { followerCount } from '../follows/service.ts';

/** An anchor's public profile. */
export interface AnchorProfile {
  id: number;
  nickName: string;
  avatar: string;
  level: number;
  /** Noble level in force now (0 once the title has lapsed). */
  vipLevel: number;
  fans: number;
  isLive: boolean;
  /** The room's current or last title. */
  roomTitle: string;
  roomCover: string;
  heat: number;
  announcement: string;
  /** When the current or last live started. */
  startedAt: Date | null;
}

/** The profile of anchor `id` (an account with the anchor role and a room), or null. */
export async function getAnchorProfile(
  db: Db,
  id: number,
  now = new Date(),
): Promise<AnchorProfile | null> {
  const [row] = await db
    .select({
      id: users.id,
      nickName: users.nickName,
      avatar: users.avatar,
      exp: users.exp,
      vipLevel: users.vipLevel,
      vipExpiresAt: users.vipExpiresAt,
      isLive: liveRooms.isLive,
      roomTitle: liveRooms.title,
      roomCover: liveRooms.cover,
      heat: liveRooms.heat,
      announcement: liveRooms.announcement,
      startedAt: liveRooms.startedAt,
    })
    .from(users)
    .innerJoin(liveRooms, eq(liveRooms.anchorId, users.id))
    .where(and(eq(users.id, id), eq(users.role, ROLE.anchor)))
    .limit(1);
  if (!row) return null;
  const { exp, vipLevel, vipExpiresAt, ...rest } = row;
  return {
    ...rest,
    vipLevel: activeNobleLevel({ level: vipLevel, expiresAt: vipExpiresAt }, now),
    level: levelOf(exp).level,
    fans: await followerCount(db, id),
  };
}

/** True when `id` is an anchor (the anchor role and a room), as the anchor pages require. */
export async function isAnchor(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(liveRooms, eq(liveRooms.anchorId, users.id))
    .where(and(eq(users.id, id), eq(users.role, ROLE.anchor)))
    .limit(1);
  return rows.length > 0;
}
