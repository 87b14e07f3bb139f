/** The administrators' audit trail: every change made from the console or the command line. */
import type { AuditEntry } from '../../lib/admin/views.ts';
import { desc, lt } from 'drizzle-orm';
import { ADMIN_PAGE } from '../../lib/validation/admin.ts';
import type { Db } from '../db/index.ts';
import { adminAudit } from '../db/schema.ts';

/** Who acts: an administrator (id and how they are shown) or the command line (id null). */
export interface Actor {
  id: number | null;
  label: string;
}

/** Writes one entry; call it in the transaction of the change so both commit together. */
export async function audit(
  db: Db,
  actor: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actor: actor.label,
    action,
    target,
    detail,
  });
}

/** Entries newest first, a page at a time, older than `before` when given. */
export async function listAudit(db: Db, before?: number): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAudit)
    .where(before ? lt(adminAudit.id, before) : undefined)
    .orderBy(desc(adminAudit.id))
    .limit(ADMIN_PAGE);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    actor_id: r.actorId,
    action: r.action,
    target: r.target,
    detail: r.detail,
    created_at: Math.floor(r.createdAt.getTime() / 1000),
  }));
}
