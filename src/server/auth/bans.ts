/**
 * Platform-wide bans as every part of the server reads them: whether one runs for a user, how its
 * end is written, and refusing a banned user's login. Administrators place and lift them
 * (src/server/admin/users.ts).
 */
import type { BanView } from '../../lib/admin/views.ts';
import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { SITE_TIME_LABEL, SITE_UTC_OFFSET_MIN, unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { accountBans } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';

/** The condition "this ban runs now". */
export function runningBan(now: Date): SQL {
  return and(
    isNull(accountBans.liftedAt),
    or(isNull(accountBans.until), gt(accountBans.until, now)),
  )!;
}

/** The ban that runs now for `userId`, the longest first, or null. */
export async function activeBan(db: Db, userId: number, now = new Date()): Promise<BanView | null> {
  const [row] = await db
    .select()
    .from(accountBans)
    .where(and(eq(accountBans.userId, userId), runningBan(now)))
    .orderBy(sql`${accountBans.until} desc nulls first`)
    .limit(1);
  return row
    ? {
        reason: row.reason,
        until: row.until ? unixSeconds(row.until) : 0,
        created_at: unixSeconds(row.createdAt),
      }
    : null;
}

/** "2026-11-26 21:05 GMT+8": a ban's end as the user is told it. */
export function banEndText(until: number): string {
  const local = new Date(until * 1000 + SITE_UTC_OFFSET_MIN * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} ${SITE_TIME_LABEL}`;
}

/** Refuses a login of a banned user with the reason and the end of the ban. */
export async function refuseBannedLogin(db: Db, userId: number): Promise<void> {
  const ban = await activeBan(db, userId);
  if (!ban) return;
  if (ban.until === 0) {
    throw new ApiError('admin.api.bannedForever', { params: { reason: ban.reason } });
  }
  throw new ApiError('admin.api.banned', {
    params: { reason: ban.reason, until: banEndText(ban.until) },
  });
}
