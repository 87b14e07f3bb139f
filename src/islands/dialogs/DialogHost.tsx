/** Shows the dialog named by the dialogs store. */
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog } from '../../lib/stores/dialogs.ts';
import { CheckinDialog } from '../checkin/CheckinDialog.tsx';
import { LoginDialog } from '../login/LoginDialog.tsx';
import { useT } from '../use-t.ts';
import { LiveSettings } from './LiveSettings.tsx';
import { LogoutConfirm } from './LogoutConfirm.tsx';
import { Modal } from './Modal.tsx';

/** The dialog host: login, logout, check-in and the live settings dialog. */
export function DialogHost() {
  const name = useStore($dialog);
  const t = useT();
  if (name === 'login') return <LoginDialog />;
  if (name === 'logout') return <LogoutConfirm />;
  if (name === 'liveSettings') return <LiveSettings />;
  if (name === 'checkin') return <CheckinDialog />;
  if (!name) return null;
  return (
    <Modal width={535} onClose={closeDialog} label={t('common.comingSoon')}>
      <div className="dialog-soon">
        <h2>{t('common.comingSoon')}</h2>
        <p>{t('common.comingSoonBody')}</p>
      </div>
    </Modal>
  );
}
