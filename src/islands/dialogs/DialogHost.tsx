/** Shows the dialog named by the dialogs store. */
import { useStore } from '@nanostores/react';
import { $dialog, closeDialog } from '../../lib/stores/dialogs.ts';
import { useT } from '../use-t.ts';
import { Modal } from './Modal.tsx';

/** The dialog host: the accounts and studio features plug their dialogs in here. */
export function DialogHost() {
  const name = useStore($dialog);
  const t = useT();
  if (!name) return null;
  return (
    <Modal width={name === 'login' ? 900 : 535} onClose={closeDialog} label={t('header.login')}>
      <div className="dialog-soon">
        <h2>{name === 'login' ? t('header.login') : t('common.comingSoon')}</h2>
        <p>{t('common.comingSoonBody')}</p>
      </div>
    </Modal>
  );
}
