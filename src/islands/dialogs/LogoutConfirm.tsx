/** Logout confirmation; anchors are warned that a live ends 5 minutes after logging out. */
import { useStore } from '@nanostores/react';
import { $anchorLive } from '../../lib/stores/anchor.ts';
import { logout } from '../../lib/stores/account.ts';
import { closeDialog } from '../../lib/stores/dialogs.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { useT } from '../use-t.ts';
import { Modal } from './Modal.tsx';

/** The confirmation dialog. */
export function LogoutConfirm() {
  const t = useT();
  const live = useStore($anchorLive);
  const anchor = (useStore($userInfo)?.role ?? 1) === 2;
  return (
    <Modal width={420} label={t('account.ui.logoutTitle')} onClose={closeDialog}>
      <div className="confirm">
        <h2>{t('account.ui.logoutTitle')}</h2>
        <p>{t('account.ui.logoutBody')}</p>
        {(live || anchor) && <p className="confirm-warn">{t('account.ui.logoutLive')}</p>}
        <div className="confirm-actions">
          <button type="button" className="btn btn-ghost" onClick={closeDialog}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-confirm-logout
            onClick={() => void logout()}
          >
            {t('account.ui.card.logout')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
