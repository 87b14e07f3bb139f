/** When the maintenance dialog shows (spec §4), as a pure function of the record and the clock. */

/** Maintenance record of getMaintain (unix seconds). */
export interface MaintenanceNotice {
  title: string;
  content: string;
  start_time: number;
  end_time: number;
  remind_time: number;
}

/** Poll interval and reminder suppression (spec §9). */
export const MAINTENANCE_POLL_MS = 60_000;
/** A dismissed reminder stays hidden this long. */
export const MAINTENANCE_SUPPRESS_MS = 6 * 3600 * 1000;

/** What the dialog should do now. */
export type MaintenanceView =
  | { show: false }
  /** Before maintenance: can be dismissed with 'I know'. */
  | { show: true; phase: 'reminder' }
  /** During maintenance: cannot be closed. */
  | { show: true; phase: 'ongoing' };

/**
 * Decides the dialog state: a reminder when remind_time > 0 and now is in [remind, start) and it
 * was not dismissed in the last 6 h; an unclosable dialog while now is in [start, end].
 */
export function maintenanceView(
  notice: MaintenanceNotice | null,
  nowMs: number,
  dismissedAtMs: number | null,
): MaintenanceView {
  if (!notice) return { show: false };
  const now = nowMs / 1000;
  if (now >= notice.start_time && now <= notice.end_time) return { show: true, phase: 'ongoing' };
  const recent = dismissedAtMs !== null && nowMs - dismissedAtMs < MAINTENANCE_SUPPRESS_MS;
  if (notice.remind_time > 0 && now >= notice.remind_time && now < notice.start_time && !recent) {
    return { show: true, phase: 'reminder' };
  }
  return { show: false };
}
