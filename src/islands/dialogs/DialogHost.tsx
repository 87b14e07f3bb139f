/** Shows the dialog named by the dialogs store. */
import { useStore } from '@nanostores/react';
import { $dialog } from '../../lib/stores/dialogs.ts';
import { CheckinDialog } from '../checkin/CheckinDialog.tsx';
import { LoginDialog } from '../login/LoginDialog.tsx';
import { LiveSettings } from './LiveSettings.tsx';
import { LogoutConfirm } from './LogoutConfirm.tsx';

/** The dialog host: login, logout, check-in and the live settings dialog. */
export function DialogHost() {
  const name = useStore($dialog);
  if (name === 'login') return <LoginDialog />;
  if (name === 'logout') return <LogoutConfirm />;
  if (name === 'liveSettings') return <LiveSettings />;
  if (name === 'checkin') return <CheckinDialog />;
  return null;
}
