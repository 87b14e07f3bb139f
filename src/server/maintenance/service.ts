/** The maintenance notice the client polls (spec §4: reminder window, ongoing maintenance). */
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Locale } from '../../lib/i18n/index.ts';
import { unixSeconds } from '../../lib/time.ts';
import type { Db } from '../db/index.ts';
import { maintenanceWindows } from '../db/schema.ts';

/** Maintenance record of spec §3; times in unix seconds, remind_time 0 when none. */
export interface MaintenanceRecord {
  title: string;
  content: string;
  start_time: number;
  end_time: number;
  remind_time: number;
}

/**
 * The window that matters now for a device: the ongoing or next one; when none is ahead,
 * the most recent past one (the client shows nothing for it). Null when there is none.
 */
export async function currentMaintenance(
  db: Db,
  device: number,
  locale: Locale,
  now = new Date(),
): Promise<MaintenanceRecord | null> {
  const upcoming = await db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.device, device), gt(maintenanceWindows.endTime, now)))
    .orderBy(asc(maintenanceWindows.startTime))
    .limit(1);
  const row =
    upcoming[0] ??
    (
      await db
        .select()
        .from(maintenanceWindows)
        .where(eq(maintenanceWindows.device, device))
        .orderBy(desc(maintenanceWindows.endTime))
        .limit(1)
    )[0];
  if (!row) return null;
  const zh = locale === 'zh-CN';
  return {
    title: zh ? row.titleZh : row.titleEn,
    content: zh ? row.contentZh : row.contentEn,
    start_time: unixSeconds(row.startTime),
    end_time: unixSeconds(row.endTime),
    remind_time: row.remindTime ? unixSeconds(row.remindTime) : 0,
  };
}
