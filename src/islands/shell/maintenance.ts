/** The maintenance dialog over the maintenance store: reminder with 'I know', or unclosable. */
import {
  $maintenanceNotice,
  $maintenanceView,
  dismissMaintenance,
  pollMaintenance,
} from '../../lib/stores/maintenance.ts';

function formatTime(unix: number, locale: string): string {
  return new Date(unix * 1000).toLocaleString(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Wires the dialog and starts polling. */
export function initMaintenance(locale: string): void {
  const dialog = document.querySelector<HTMLDialogElement>('[data-maintenance]');
  if (!dialog) return;
  const title = dialog.querySelector<HTMLElement>('[data-m-title]');
  const content = dialog.querySelector<HTMLElement>('[data-m-content]');
  const time = dialog.querySelector<HTMLElement>('[data-m-time]');
  const button = dialog.querySelector<HTMLButtonElement>('[data-m-ok]');
  dialog.addEventListener('cancel', (event) => {
    if ($maintenanceView.get().show) event.preventDefault();
  });
  button?.addEventListener('click', () => dismissMaintenance());
  $maintenanceView.subscribe((view) => {
    const notice = $maintenanceNotice.get();
    if (!view.show || !notice) {
      if (dialog.open) dialog.close();
      return;
    }
    if (title) title.textContent = notice.title;
    if (content) content.textContent = notice.content;
    if (time) {
      time.textContent = `${formatTime(notice.start_time, locale)} – ${formatTime(notice.end_time, locale)}`;
    }
    if (button) button.hidden = view.phase !== 'reminder';
    dialog.dataset.phase = view.phase;
    if (!dialog.open) dialog.showModal();
  });
  pollMaintenance();
}
