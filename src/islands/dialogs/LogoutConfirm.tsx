/** Logout confirmation; anchors are warned that a live ends 5 minutes after logging out. */
import { useStore } from '@nanostores/react';
import { $anchorLive } from '../../lib/stores/anchor.ts';
import { logout } from '../../lib/stores/account.ts';
import { closeDialog } from '../../lib/stores/dialogs.ts';
import { $userInfo } from '../../lib/stores/session.ts';
import { LoginIcon } from '../login/icons.tsx';
import { useT } from '../use-t.ts';
import { Modal } from './Modal.tsx';
import '../login/login.css';

/** Role of anchors in user info (docs/decisions.md: 1 member, 2 anchor, 3 administrator). */
const ANCHOR_ROLE = 2;

/** The confirmation dialog. */
export function LogoutConfirm() {
  const t = useT();
  const live = useStore($anchorLive);
  const anchor = useStore($userInfo)?.role === ANCHOR_ROLE;
  return (
    <Modal width={420} label={t('account.ui.logoutTitle')} onClose={closeDialog}>
      <div className="confirm">
        <div className="confirm-icon" aria-hidden="true">
          <LoginIcon name="logout" size={26} />
        </div>
        <h2>{t('account.ui.logoutTitle')}</h2>
        <p>{t('account.ui.logoutBody')}</p>
        {(live || anchor) && (
          <p className="confirm-warn" role="note">
            {t(live ? 'account.ui.logoutLive' : 'account.ui.logoutAnchor')}
          </p>
        )}
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
