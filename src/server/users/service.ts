/** Users as the accounts calls see them: lookup, creation with a wallet, the user-info object. */
import { randomInt } from 'node:crypto';
import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
import { formatPhone } from '../../lib/format.ts';
import { activeNobleLevel } from '../../lib/mall/noble.ts';
import { levelOf } from '../../lib/rules/level.ts';
import type { UserInfo } from '../../lib/user-info.ts';
import type { Db } from '../db/index.ts';
import { loginFailures, users, wallets } from '../db/schema.ts';
import { DEFAULT_AVATAR } from '../../lib/user-info.ts';

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
    avatar: user.avatar || DEFAULT_AVATAR,
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
        avatar: DEFAULT_AVATAR,
        regSource: input.regSource,
        regAnchorId: input.regAnchorId,
      })
      .returning({ id: users.id });
    await tx.insert(wallets).values({ userId: user!.id });
    return user!.id;
  });
}

/**
 * Free password tries: 5 failures within 15 minutes on a phone; past them each further try costs
 * a slider pass (never a lock, so a stranger's wrong passwords cannot shut the owner out).
 */
export const PASSWORD_TRIES = { free: 5, windowMs: 15 * 60_000 } as const;

/**
 * Records one password try for a phone and tells whether it is free: false past the free tries,
 * when the caller must spend a slider pass first. The try is recorded as a failure before the
 * password is checked (clearLoginFailures forgets it on success), so concurrent requests cannot
 * get more than 5 free checks between them.
 */
export async function takePasswordAttempt(
  db: Db,
  mobile: string,
  now = new Date(),
): Promise<boolean> {
  const t = now.getTime();
  // Failures older than the window count for nothing any more: the oldest few go with each new
  // one, whatever phone they were for, so phones tried once and never again leave nothing behind.
  const oldest = db
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .orderBy(loginFailures.id)
    .limit(4);
  await db
    .delete(loginFailures)
    .where(
      and(
        inArray(loginFailures.id, oldest),
        lt(loginFailures.createdAt, new Date(t - PASSWORD_TRIES.windowMs)),
      ),
    );
  await db.insert(loginFailures).values({ mobile, createdAt: now });
  const [recent] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.mobile, mobile),
        gt(loginFailures.createdAt, new Date(t - PASSWORD_TRIES.windowMs)),
      ),
    );
  return (recent?.n ?? 0) <= PASSWORD_TRIES.free;
}

/** Forgets a phone's failures after a successful login. */
export async function clearLoginFailures(db: Db, mobile: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.mobile, mobile));
}
