/**
 * The user's own profile: nickname (2-8 characters, no staff words or look-alikes of them, not
 * like another user's name, once per 7 days), avatar (a square image the user uploaded here) and password (set once without one,
 * changed with the current password or an SMS code; the user's other sessions end).
 */
import { and, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { NICKNAME_LOCK_DAYS } from '../../lib/validation/engagement.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import { sessions, users } from '../db/schema.ts';
import {
  GENERATED_NICKNAME,
  looksGenerated,
  looksLikeStaff,
  nicknameKey,
} from '../users/nickname-key.ts';

const DAY_MS = 24 * 3600_000;

/** When a nickname changed at `changedAt` may change again; null when it may now. */
export function nicknameFreeAt(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null;
  const free = new Date(changedAt.getTime() + NICKNAME_LOCK_DAYS * DAY_MS);
  return free > now ? free : null;
}

/** Why a nickname change was refused. */
export type NicknameRefusal =
  | { reason: 'reserved' }
  | { reason: 'generated' }
  | { reason: 'taken' }
  | { reason: 'locked'; until: Date };

/** Serialises everyone who asks for names with one skeleton, until the transaction ends. */
async function lockKey(tx: Pick<Db, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`nick:${key}`}))`);
}

/**
 * Renames a user to a normalised nickname; a refusal changes nothing. Staff words and their
 * look-alikes, and names that look generated, are reserved; a name whose confusable skeleton
 * another user holds is taken. One transaction holds a lock on the skeleton, so two users asking
 * for look-alike free names at once cannot both get one (the unique index stands behind it); the
 * 7-day rule is the UPDATE's own condition, so two tabs of one user cannot both rename.
 */
export async function changeNickname(
  db: Db,
  userId: number,
  nickName: string,
  now = new Date(),
): Promise<NicknameRefusal | null> {
  if (looksLikeStaff(nickName)) return { reason: 'reserved' };
  if (looksGenerated(nickName)) return { reason: 'generated' };
  const nickKey = nicknameKey(nickName);
  return db.transaction(async (tx) => {
    await lockKey(tx, nickKey);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.nickKey, nickKey), ne(users.id, userId)))
      .limit(1);
    if (taken) return { reason: 'taken' };
    const lockStart = new Date(now.getTime() - NICKNAME_LOCK_DAYS * DAY_MS);
    const [done] = await tx
      .update(users)
      .set({ nickName, nickKey, nickChangedAt: now })
      .where(
        and(
          eq(users.id, userId),
          or(isNull(users.nickChangedAt), lte(users.nickChangedAt, lockStart)),
        ),
      )
      .returning({ id: users.id });
    if (done) return null;
    const [row] = await tx
      .select({ at: users.nickChangedAt })
      .from(users)
      .where(eq(users.id, userId));
    return { reason: 'locked', until: nicknameFreeAt(row?.at ?? now, now) ?? now };
  });
}

/**
 * Gives every account whose name has no key yet its skeleton (run at boot: accounts made before
 * keys existed, and the demo seed's). Generated names (Fan and four digits) keep none, and a name
 * that looks like an older account's keeps none either: both stay as they are, but nobody can
 * take a look-alike of a name that holds its key. Returns how many keys were set.
 */
export async function fillNicknameKeys(db: Db): Promise<number> {
  const rows = await db
    .select({ id: users.id, nickName: users.nickName })
    .from(users)
    .where(and(isNull(users.nickKey), sql`${users.nickName} !~ ${GENERATED_NICKNAME.source}`))
    .orderBy(users.id);
  let filled = 0;
  for (const row of rows) {
    const nickKey = nicknameKey(row.nickName);
    if (nickKey === '') continue;
    const done = await db.transaction(async (tx) => {
      await lockKey(tx, nickKey);
      const [holder] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.nickKey, nickKey))
        .limit(1);
      if (holder) return false;
      const [set] = await tx
        .update(users)
        .set({ nickKey })
        .where(and(eq(users.id, row.id), isNull(users.nickKey)))
        .returning({ id: users.id });
      return Boolean(set);
    });
    if (done) filled += 1;
  }
  return filled;
}

/** Sets a user's avatar. */
export async function changeAvatar(db: Db, userId: number, avatar: string): Promise<void> {
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
}

/** True when the user has a password. */
export async function hasPassword(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.hash);
}

/**
 * Stores a new password and ends every other session of the user; returns the token hashes of
 * the sessions ended (their sockets are to be closed).
 */
export async function replacePassword(
  db: Db,
  userId: number,
  password: string,
  keepTokenHash: string,
  now = new Date(),
): Promise<string[]> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          ne(sessions.tokenHash, keepTokenHash),
        ),
      )
      .returning({ tokenHash: sessions.tokenHash });
    return ended.map((s) => s.tokenHash);
  });
}
