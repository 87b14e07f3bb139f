/**
 * Opens the check-in dialog by itself on page load (spec §2): for a logged-in user while
 * checkin_switch is on, up to dialog_daily_times a day (src/lib/checkin-prompt.ts has the rule).
 * Not on the check-in page itself nor on a staff screen (where it is not counted either), and
 * never over another dialog.
 */
import { notePrompt, pageStorage, shouldPrompt } from '../../lib/checkin-prompt.ts';
import { isStaffScreen } from '../../lib/staff/nav.ts';
import { $config } from '../../lib/stores/config.ts';
import { $dialog, openDialog } from '../../lib/stores/dialogs.ts';
import { $loggedIn } from '../../lib/stores/session.ts';

/** Checks once, after the page's own scripts had their turn to open a dialog. */
export function initCheckinPrompt(): void {
  const config = $config.get();
  if (config?.checkin_switch !== 1 || !$loggedIn.get()) return;
  if (location.pathname.startsWith('/user-center/checkin')) return;
  if (!document.querySelector('[data-site-header]') || isStaffScreen()) return;
  const storage = pageStorage();
  const now = new Date();
  if (!shouldPrompt(storage, config.dialog_daily_times, now)) return;
  setTimeout(() => {
    if ($dialog.get() !== null) return;
    notePrompt(storage, now);
    openDialog('checkin');
  }, 0);
}
