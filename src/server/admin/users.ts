/**
 * Users as administrators see them: search by id or phone, platform-wide bans (no login and no
 * session while one runs), the administrator role, and logging a user out everywhere. Every
 * change is audited in its transaction; sockets of ended sessions are closed over the bus. The
 * system ledger accounts (role 0) are shown but refuse every one of these changes.
 */
import type { AdminUserView, BanView } from '../../lib/admin/views.ts';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { formatPhone } from '../../lib/format.ts';
import { unixSeconds } from '../../lib/time.ts';
import { USER_ROLE } from '../../lib/user-info.ts';
import { INT4_MAX } from '../../lib/validation/numbers.ts';
import { revokeUserSessions } from '../sessions.ts';
import type { Db } from '../db/index.ts';
import { accountBans, sessions, users, wallets } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import type { Bus } from '../shared/bus.ts';
import { scheduleLogoutEnd } from '../studio/live.ts';
import { SYSTEM_ROLE } from '../quiz/accounts.ts';
import { audit, type Actor } from '../staff/audit.ts';
import { activeBan, runningBan } from '../auth/bans.ts';

/** Users whose id is `q`, or whose phone ends with it (4 digits or more); 20 at most. */
export async function findUsers(db: Db, q: string): Promise<AdminUserView[]> {
  // An id column is int4: a longer number can only be the end of a phone.
  const byId = q.length <= 10 && Number(q) <= INT4_MAX ? eq(users.id, Number(q)) : undefined;
  const byPhone = q.length >= 4 ? sql`${users.mobile} like ${'%' + q}` : undefined;
  const match = byId && byPhone ? or(byId, byPhone) : (byId ?? byPhone);
  const now = new Date();
  const rows = await db
    .select({
      id: users.id,
      nickName: users.nickName,
      mobile: users.mobile,
      role: users.role,
      vipLevel: users.vipLevel,
      createdAt: users.createdAt,
      gold: wallets.gold,
      diamond: wallets.diamond,
      income: wallets.income,
      sessions: sql<number>`(select count(*)::int from ${sessions} s
        where s.user_id = ${users.id} and s.revoked_at is null and s.expires_at > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(match)
    .orderBy(desc(users.id))
    .limit(20);
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      nick_name: r.nickName,
      mobile: formatPhone(r.mobile),
      role: r.role,
      vip_level: r.vipLevel,
      created_at: unixSeconds(r.createdAt),
      gold: r.gold ?? 0,
      diamond: r.diamond ?? 0,
      income: r.income ?? 0,
      sessions: Number(r.sessions),
      ban: await activeBan(db, r.id, now),
    })),
  );
}

async function targetOf(db: Db, actor: Actor, userId: number) {
  const [user] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new ApiError('admin.errors.noUser');
  if (actor.id === userId) throw new ApiError('admin.errors.notYourself');
  // The quiz escrow and the platform hold money for the ledger; nobody logs in as them.
  if (user.role === SYSTEM_ROLE) throw new ApiError('admin.errors.systemAccount');
  return user;
}

/** Ends every session of a user and closes their sockets; an anchor's live ends as on logout. */
async function endSessions(db: Db, bus: Bus, userId: number, role: number): Promise<void> {
  await revokeUserSessions(db, userId);
  if (role === USER_ROLE.anchor) await scheduleLogoutEnd(db, userId);
}

/** Bans a user from the platform for `minutes` (0: for good) and logs them out everywhere. */
export async function banUser(
  db: Db,
  bus: Bus,
  actor: Actor,
  ban: { userId: number; minutes: number; reason: string },
): Promise<BanView> {
  const until = ban.minutes ? new Date(Date.now() + ban.minutes * 60_000) : null;
  const view = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const user = await targetOf(t, actor, ban.userId);
    if (user.role === USER_ROLE.admin) throw new ApiError('admin.errors.banAdmin');
    const [row] = await tx
      .insert(accountBans)
      .values({ userId: ban.userId, reason: ban.reason, until, byUserId: actor.id })
      .returning();
    await endSessions(t, bus, ban.userId, user.role);
    await audit(t, actor, 'user.ban', `user:${ban.userId}`, {
      minutes: ban.minutes,
      reason: ban.reason,
    });
    return {
      reason: row!.reason,
      until: until ? unixSeconds(until) : 0,
      created_at: unixSeconds(row!.createdAt),
    };
  });
  bus.publish({ kind: 'kick', userId: ban.userId });
  return view;
}

/** Lifts every running ban of a user. */
export async function unbanUser(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await targetOf(t, actor, userId);
    const lifted = await tx
      .update(accountBans)
      .set({ liftedAt: new Date() })
      .where(and(eq(accountBans.userId, userId), runningBan(new Date())))
      .returning({ id: accountBans.id });
    if (lifted.length === 0) throw new ApiError('admin.errors.notBanned');
    await audit(t, actor, 'user.unban', `user:${userId}`, { bans: lifted.map((b) => b.id) });
  });
}

/** Makes a user an administrator or a member again (not yourself, not an anchor). */
export async function setRole(db: Db, actor: Actor, userId: number, role: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const user = await targetOf(t, actor, userId);
    if (user.role === USER_ROLE.anchor) throw new ApiError('admin.errors.anchorRole');
    if (user.role === role) return;
    await tx.update(users).set({ role }).where(eq(users.id, userId));
    await audit(t, actor, 'user.role', `user:${userId}`, { old: user.role, role });
  });
}

/** Ends every session of a user on every device. */
export async function logoutEverywhere(
  db: Db,
  bus: Bus,
  actor: Actor,
  userId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const user = await targetOf(t, actor, userId);
    await endSessions(t, bus, userId, user.role);
    await audit(t, actor, 'user.logout', `user:${userId}`, {});
  });
  bus.publish({ kind: 'kick', userId });
}
