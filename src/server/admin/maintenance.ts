/** Maintenance records (spec §3) as administrators list, add and remove them. */
import type { MaintenanceView } from '../../lib/admin/views.ts';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { maintenanceRequest } from '../../lib/validation/admin.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { maintenanceWindows } from '../db/schema.ts';
import { ApiError } from '../http/envelope.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** A new record, validated. */
export type MaintenanceInput = z.infer<typeof maintenanceRequest>;

const date = (s: number) => new Date(s * 1000);

/** The web's records, the latest ending first (50 at most). */
export async function listMaintenance(db: Db): Promise<MaintenanceView[]> {
  const rows = await db
    .select()
    .from(maintenanceWindows)
    .where(eq(maintenanceWindows.device, 1))
    .orderBy(desc(maintenanceWindows.endTime))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    title_zh: r.titleZh,
    title_en: r.titleEn,
    content_zh: r.contentZh,
    content_en: r.contentEn,
    start_time: unixSeconds(r.startTime),
    end_time: unixSeconds(r.endTime),
    remind_time: r.remindTime ? unixSeconds(r.remindTime) : 0,
  }));
}

/** Adds a record for the web; the site's dialog shows it from its reminder time. */
export async function addMaintenance(
  db: Db,
  actor: Actor,
  record: MaintenanceInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(maintenanceWindows)
      .values({
        device: 1,
        titleZh: record.title_zh,
        titleEn: record.title_en,
        contentZh: record.content_zh,
        contentEn: record.content_en,
        startTime: date(record.start_time),
        endTime: date(record.end_time),
        remindTime: record.remind_time ? date(record.remind_time) : null,
      })
      .returning({ id: maintenanceWindows.id });
    await audit(tx, actor, 'maintenance.add', `maintenance:${row!.id}`, {
      ...record,
    });
    return row!.id;
  });
}

/** Removes a record (a window planned by mistake, or called off). */
export async function removeMaintenance(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(maintenanceWindows)
      .where(eq(maintenanceWindows.id, id))
      .returning();
    if (!gone) throw new ApiError('admin.errors.notFound');
    await audit(tx, actor, 'maintenance.remove', `maintenance:${id}`, {
      title_en: gone.titleEn,
      start_time: unixSeconds(gone.startTime),
      end_time: unixSeconds(gone.endTime),
    });
  });
}
