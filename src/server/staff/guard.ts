/** Who may use the console: administrators only, checked on the server for every call. */
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { USER_ROLE } from '../../lib/user-info.ts';
import { users } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { ApiError } from '../http/envelope.ts';
import type { Actor } from './audit.ts';

/** Refuses guests (log in) and everyone but administrators (role read per request). */
export const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ApiError('errors.notLoggedIn', { status: 2 });
  if (user.role !== USER_ROLE.admin) throw new ApiError('admin.errors.adminOnly');
  await next();
};

/** The administrator making the call, as the audit trail names them. */
export async function actorOf(c: Context<ApiEnv>): Promise<Actor> {
  const id = c.get('user')!.id;
  const [row] = await c
    .get('rt')
    .db.select({ nickName: users.nickName })
    .from(users)
    .where(eq(users.id, id));
  return { id, label: `${row?.nickName ?? ''} (#${id})` };
}
