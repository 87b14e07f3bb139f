/** Bearer-token sessions: tokens are random, only their SHA-256 is stored, and they can be revoked. */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from './db/index.ts';
import { sessions, users } from './db/schema.ts';

/** The authenticated caller as handlers see it. */
export interface SessionUser {
  id: number;
  role: number;
  /** Hash of the token used, to revoke this session. */
  tokenHash: string;
}

/** How long a login lasts. */
export const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;

/** SHA-256 hex of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns its token (256 random bits, base64url). */
export async function createSession(db: Db, userId: number, deviceInfo: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    deviceInfo: deviceInfo.slice(0, 128),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

/** The user of a live, unrevoked token, or null. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const rows = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, role: row.role, tokenHash } : null;
}

/** Revokes one session. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.tokenHash, tokenHash));
}

/** Revokes every session of a user (password reset). */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
