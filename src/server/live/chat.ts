/**
 * Live-room chat: who speaks (profile and moderation rights), the room as the hub needs it, the
 * announcement, the chat config and rooms' heat. Messages are in chat-messages.ts, bans in
 * chat-bans.ts. The hub calls these; so does the comment-management API.
 */
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import type { AnnouncementData } from '../../lib/realtime/protocol/index.ts';
import { DEFAULT_CHAT_CONFIG, type ChatConfig } from '../../lib/rules/chat.ts';
import { levelOf } from '../../lib/rules/level.ts';
import type { Db } from '../db/index.ts';
import { appConfig, liveRooms, ROLE, roomManagers, sessions, users } from '../db/schema.ts';

/** Messages a joiner receives as history. */
export const HISTORY_SIZE = 50;

/** A speaker as chat frames show them. */
export interface ChatProfile {
  id: number;
  nickName: string;
  avatar: string;
  level: number;
  vipLevel: number;
  role: number;
}

type UserRow = Pick<
  typeof users.$inferSelect,
  'id' | 'nickName' | 'avatar' | 'exp' | 'vipLevel' | 'vipExpiresAt' | 'role'
>;

export const profileColumns = {
  id: users.id,
  nickName: users.nickName,
  avatar: users.avatar,
  exp: users.exp,
  vipLevel: users.vipLevel,
  vipExpiresAt: users.vipExpiresAt,
  role: users.role,
};

export function toProfile(row: UserRow, now: Date): ChatProfile {
  return {
    id: row.id,
    nickName: row.nickName,
    avatar: row.avatar,
    level: levelOf(row.exp).level,
    vipLevel: activeNobleLevel({ level: row.vipLevel, expiresAt: row.vipExpiresAt }, now),
    role: row.role,
  };
}

/** The profile of user `userId` when `tokenHash` is one of their live sessions, else null. */
export async function profileForSession(
  db: Db,
  userId: number,
  tokenHash: string,
  now = new Date(),
): Promise<ChatProfile | null> {
  const rows = await db
    .select(profileColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0] ? toProfile(rows[0], now) : null;
}

/** A room as the hub needs it. */
export interface RoomInfo {
  anchorId: number;
  isLive: boolean;
  heat: number;
  announcement: AnnouncementData;
  /** Tickets to enter while live; 0 for a free room. */
  ticket: number;
  /** When the current or last live started. */
  startedAt: Date | null;
}

/** The room of anchor `anchorId`, or null when there is none. */
export async function findRoom(db: Db, anchorId: number): Promise<RoomInfo | null> {
  const rows = await db
    .select({
      anchorId: liveRooms.anchorId,
      isLive: liveRooms.isLive,
      heat: liveRooms.heat,
      announcement: liveRooms.announcement,
      contacts: liveRooms.contacts,
      ticket: liveRooms.ticket,
      startedAt: liveRooms.startedAt,
    })
    .from(liveRooms)
    .where(eq(liveRooms.anchorId, anchorId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    anchorId: row.anchorId,
    isLive: row.isLive,
    heat: row.heat,
    announcement: { room_id: row.anchorId, content: row.announcement, contact: row.contacts },
    ticket: row.ticket,
    startedAt: row.startedAt,
  };
}

/** User ids who may moderate the room besides administrators: the anchor and its managers. */
export async function roomModerators(db: Db, anchorId: number): Promise<Set<number>> {
  const rows = await db
    .select({ userId: roomManagers.userId })
    .from(roomManagers)
    .where(eq(roomManagers.anchorId, anchorId));
  return new Set([anchorId, ...rows.map((r) => r.userId)]);
}

/** True when `profile` may moderate the room (anchor, its managers, administrators). */
export function canModerate(profile: ChatProfile, moderators: Set<number>): boolean {
  return profile.role === ROLE.admin || moderators.has(profile.id);
}

/** Sets the room's announcement and contacts. */
export async function setAnnouncement(
  db: Db,
  anchorId: number,
  content: string,
  contact: AnnouncementData['contact'],
): Promise<void> {
  await db
    .update(liveRooms)
    .set({ announcement: content, contacts: contact })
    .where(eq(liveRooms.anchorId, anchorId));
}

/** The chat config (spec §3), each field falling back to the default when absent or mistyped. */
export async function loadChatConfig(db: Db): Promise<ChatConfig> {
  const rows = await db
    .select({ value: appConfig.value })
    .from(appConfig)
    .where(eq(appConfig.key, 'chat_config'))
    .limit(1);
  const stored = (rows[0]?.value ?? {}) as Record<string, unknown>;
  const config = { ...DEFAULT_CHAT_CONFIG };
  for (const key of Object.keys(config) as (keyof ChatConfig)[]) {
    const value = stored[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) config[key] = value;
  }
  return config;
}

/** Heat and live state of rooms. */
export async function roomHeats(db: Db, anchorIds: number[]) {
  if (anchorIds.length === 0) return [];
  return db
    .select({ anchorId: liveRooms.anchorId, heat: liveRooms.heat, isLive: liveRooms.isLive })
    .from(liveRooms)
    .where(inArray(liveRooms.anchorId, anchorIds));
}
