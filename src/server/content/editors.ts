/**
 * The editor role: administrators grant it to and take it from any account; editors (and
 * administrators) write content and run the match desk, and see nothing else of the console.
 */
import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { EditorRow } from '../../lib/content/api.ts';
import { USER_ROLE } from '../../lib/user-info.ts';
import type { Db } from '../db/index.ts';
import { editors, users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError } from '../api-error.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** Whether a user may edit content: administrators always, others when granted. */
export async function isEditor(db: Db, user: { id: number; role: number }): Promise<boolean> {
  if (user.role === USER_ROLE.admin) return true;
  const [row] = await db
    .select({ id: editors.userId })
    .from(editors)
    .where(eq(editors.userId, user.id));
  return row !== undefined;
}

/** Refuses guests (log in) and everyone but editors and administrators (read per request). */
export const requireEditor: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ApiError('errors.notLoggedIn', { status: 2 });
  if (!(await isEditor(c.get('rt').db, user))) throw new ApiError('newsroom.errors.editorsOnly');
  await next();
};

/** Every editor, newest first. */
export async function listEditors(db: Db): Promise<EditorRow[]> {
  const rows = await db
    .select({ userId: editors.userId, nickName: users.nickName, createdAt: editors.createdAt })
    .from(editors)
    .innerJoin(users, eq(users.id, editors.userId))
    .orderBy(editors.createdAt);
  return rows.map((r) => ({
    user_id: r.userId,
    nick_name: r.nickName,
    granted_at: r.createdAt.toISOString(),
  }));
}

/** Makes a user an editor (again is a no-op). */
export async function grantEditor(db: Db, actor: Actor, userId: number): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new ApiError('newsroom.errors.noUser');
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(editors)
      .values({ userId, grantedBy: actor.id })
      .onConflictDoNothing()
      .returning({ userId: editors.userId });
    if (added.length > 0) await audit(tx, actor, 'editor.grant', `user:${userId}`, {});
  });
}

/** Takes the editor role back (from a user without it is a no-op). */
export async function revokeEditor(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(editors)
      .where(eq(editors.userId, userId))
      .returning({ userId: editors.userId });
    if (removed.length > 0) await audit(tx, actor, 'editor.revoke', `user:${userId}`, {});
  });
}
