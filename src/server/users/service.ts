/** Users as the accounts calls see them: lookup, creation with a wallet, the user-info object. */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, lt } from 'drizzle-orm';
import { formatPhone } from '../../lib/format.ts';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import { levelOf } from '../../lib/rules/level.ts';
import type { UserInfo } from '../../lib/user-info.ts';
import type { Db } from '../db/index.ts';
import { loginFailures, users, wallets } from '../db/schema.ts';

/** The user with this phone, or undefined. */
export async function findUserByMobile(db: Db, mobile: string) {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return user;
}

/** User info of a user id, or undefined when there is no such user. */
export async function userInfo(
  db: Db,
  id: number,
  now = new Date(),
): Promise<(UserInfo & { income: number }) | undefined> {
  const [row] = await db
    .select({ user: users, wallet: wallets })
    .from(users)
    .leftJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.id, id));
  if (!row) return undefined;
  const { user, wallet } = row;
  const masked = formatPhone(user.mobile);
  return {
    id: user.id,
    nick_name: user.nickName,
    avatar: user.avatar || '/avatar-default.svg',
    ...levelOf(user.exp),
    diamond: wallet?.diamond ?? 0,
    gold: wallet?.gold ?? 0,
    income: wallet?.income ?? 0,
    mobile: masked,
    formatPhone: masked,
    vip_level: activeNobleLevel({ level: user.vipLevel, expiresAt: user.vipExpiresAt }, now),
    role: user.role,
  };
}

/** What createUser records. */
export interface NewUser {
  mobile: string;
  regSource: string;
  regAnchorId: number | null;
}

/** Creates a member with an empty wallet; returns the new id. */
export async function createUser(db: Db, input: NewUser): Promise<number> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        mobile: input.mobile,
        nickName: `Fan${String(randomInt(0, 10_000)).padStart(4, '0')}`,
        avatar: '/avatar-default.svg',
        regSource: input.regSource,
        regAnchorId: input.regAnchorId,
      })
      .returning({ id: users.id });
    await tx.insert(wallets).values({ userId: user!.id });
    return user!.id;
  });
}

/** Password lock: 5 failures within 15 minutes lock the phone for 15 minutes after the last. */
export const PASSWORD_LOCK = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** True while a phone is locked out of password login. */
export async function isPasswordLocked(db: Db, mobile: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(eq(loginFailures.mobile, mobile))
    .orderBy(desc(loginFailures.createdAt))
    .limit(PASSWORD_LOCK.failures);
  const newest = rows[0]?.at;
  const oldest = rows[PASSWORD_LOCK.failures - 1]?.at;
  if (!newest || !oldest) return false;
  return (
    newest.getTime() - oldest.getTime() <= PASSWORD_LOCK.windowMs &&
    now.getTime() - newest.getTime() < PASSWORD_LOCK.lockMs
  );
}

/**
 * Takes one password try for a phone: false while it is locked. The try is recorded as a failure
 * before the password is checked (clearLoginFailures forgets it on success), so concurrent
 * requests cannot get more than 5 checks past the lock between them.
 */
export async function takePasswordAttempt(
  db: Db,
  mobile: string,
  now = new Date(),
): Promise<boolean> {
  if (await isPasswordLocked(db, mobile, now)) return false;
  const t = now.getTime();
  // Failures older than a window plus a lock can no longer lock anything.
  await db
    .delete(loginFailures)
    .where(
      and(
        eq(loginFailures.mobile, mobile),
        lt(loginFailures.createdAt, new Date(t - PASSWORD_LOCK.windowMs - PASSWORD_LOCK.lockMs)),
      ),
    );
  await db.insert(loginFailures).values({ mobile, createdAt: now });
  const [recent] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.mobile, mobile),
        gt(loginFailures.createdAt, new Date(t - PASSWORD_LOCK.windowMs)),
      ),
    );
  return (recent?.n ?? 0) <= PASSWORD_LOCK.failures;
}

/** Records a password try bought with a slider pass past the free tries (a failure until it succeeds). */
export async function notePasswordAttempt(db: Db, mobile: string, now = new Date()): Promise<void> {
  await db.insert(loginFailures).values({ mobile, createdAt: now });
}

/** Forgets a phone's failures after a successful login. */
export async function clearLoginFailures(db: Db, mobile: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.mobile, mobile));
}
