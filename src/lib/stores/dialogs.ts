/** Which modal dialog is open. Only one at a time; the maintenance dialog has its own store. */
import { atom } from 'nanostores';

/** Dialogs the shell can open. */
export type DialogName = 'login' | 'logout' | 'checkin' | 'liveSettings';

/** The open dialog, or null. */
export const $dialog = atom<DialogName | null>(null);

/** Opens the login dialog (status 2, follow while logged out ...). */
export function openLogin(): void {
  $dialog.set('login');
}

/** Opens a dialog by name. */
export function openDialog(name: DialogName): void {
  $dialog.set(name);
}

/** Closes whatever dialog is open. */
export function closeDialog(): void {
  $dialog.set(null);
}
