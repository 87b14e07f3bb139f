/** The maintenance notice: polled every 60 s, shown by the rules of lib/maintenance.ts. */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { send } from '../api/client.ts';
import { MAINTENANCE_POLL_MS, maintenanceView, type MaintenanceNotice } from '../maintenance.ts';
import { maintenanceApi } from '../maintenance/api.ts';

/** Latest record from /api/maintain. */
export const $maintenanceNotice = atom<MaintenanceNotice | null>(null);
/** When the reminder was last dismissed, ms (local storage `close_m`). */
export const $maintenanceDismissedAt = persistentAtom<string>('close_m', '');
/** Clock tick so the view changes when a window opens or closes between polls. */
const $now = atom(Date.now());

/** What the dialog shows now. */
export const $maintenanceView = computed(
  [$maintenanceNotice, $maintenanceDismissedAt, $now],
  (notice, dismissed, now) => maintenanceView(notice, now, dismissed ? Number(dismissed) : null),
);

/** Fetches the notice once; failures keep the last one (API failures are only logged). */
export async function refreshMaintenance(): Promise<void> {
  try {
    $maintenanceNotice.set(await send(maintenanceApi.notice, { device: 1 }));
  } catch (err) {
    console.warn('maintenance poll failed', err);
  }
  $now.set(Date.now());
}

/** Starts polling every 60 s; returns a stop function. */
export function pollMaintenance(): () => void {
  void refreshMaintenance();
  const timer = setInterval(() => void refreshMaintenance(), MAINTENANCE_POLL_MS);
  const tick = setInterval(() => $now.set(Date.now()), 10_000);
  return () => {
    clearInterval(timer);
    clearInterval(tick);
  };
}

/** 'I know': hides the reminder for 6 hours. Has no effect during maintenance. */
export function dismissMaintenance(): void {
  $maintenanceDismissedAt.set(String(Date.now()));
}
