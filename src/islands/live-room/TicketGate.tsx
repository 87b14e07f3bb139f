/**
 * The ticket-payment dialog of a ticket-paid room (spec §2): what entry costs, the viewer's
 * tickets, and paying; guests are asked to log in and viewers without enough tickets are sent
 * to the mall. It renders `$roomEntry`; the room page opens the player and chat once entered.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { $roomEntry, checkEntry, payEntry } from '../../lib/stores/ticket-room.ts';
import { Modal } from '../dialogs/Modal.tsx';
import { PropIcon } from './PropIcon.tsx';
import { useT } from '../use-t.ts';

/** Props of TicketGate. */
export interface TicketGateProps {
  anchorId: number;
  title: string;
  anchorName: string;
  anchorAvatar: string;
  cover: string;
}

/** The dialog, and the button on the locked player that opens it again. */
export default function TicketGate({
  anchorId,
  title,
  anchorName,
  anchorAvatar,
  cover,
}: TicketGateProps) {
  const t = useT();
  const entry = useStore($roomEntry);
  const loggedIn = useStore($loggedIn);
  const [open, setOpen] = useState(true);

  // The locked player's "buy entry" button opens the dialog again after it was closed.
  useEffect(() => {
    const reopen = () => setOpen(true);
    document.addEventListener('ticket-gate:open', reopen);
    return () => document.removeEventListener('ticket-gate:open', reopen);
  }, []);

  if (!open || (entry.status !== 'locked' && entry.status !== 'failed')) return null;
  const state = entry.status === 'locked' ? entry : null;
  const price = state?.state.ticket ?? 0;
  const owned = state?.state.tickets ?? 0;
  const short = loggedIn && state !== null && owned < price;
  const error = state?.error ?? '';
  return (
    <Modal
      width={440}
      label={t('liveRoom.ticket.title')}
      className="ticket-dialog"
      onClose={() => setOpen(false)}
    >
      <div className="ticket-hero">
        <img src={cover} alt="" width="440" height="160" />
        <span className="ticket-chip">
          <PropIcon name="ticket" /> {t('liveRoom.ticket.title')}
        </span>
      </div>
      <div className="ticket-room">
        <img src={anchorAvatar} alt="" width="40" height="40" />
        <div>
          <h2>{title}</h2>
          <p>{anchorName}</p>
        </div>
      </div>
      {entry.status === 'failed' ? (
        <div className="ticket-body">
          <p className="ticket-note">{t('liveRoom.ticket.failed')}</p>
          <div className="ticket-actions">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void checkEntry(anchorId)}
            >
              {t('liveRoom.ticket.retry')}
            </button>
          </div>
        </div>
      ) : (
        <div className="ticket-body">
          <p className="ticket-intro">{t('liveRoom.ticket.intro', { count: price })}</p>
          <dl className="ticket-stats">
            <div>
              <dt>{t('liveRoom.ticket.price')}</dt>
              <dd data-ticket-price>{t('liveRoom.ticket.priceValue', { count: price })}</dd>
            </div>
            <div className={short ? 'short' : ''}>
              <dt>{t('liveRoom.ticket.owned')}</dt>
              <dd data-ticket-owned>{loggedIn ? owned : '—'}</dd>
            </div>
          </dl>
          {!loggedIn ? <p className="ticket-note">{t('liveRoom.ticket.loginHint')}</p> : null}
          {short || error ? (
            <p className="ticket-error" role="alert">
              {short ? t('liveRoom.ticket.notEnough') : error}{' '}
              <a href="/mall">{t('liveRoom.ticket.toMall')} →</a>
            </p>
          ) : null}
          <div className="ticket-actions">
            {loggedIn ? (
              <button
                type="button"
                className="btn btn-primary"
                data-ticket-pay
                disabled={short || state?.paying}
                onClick={() => void payEntry(anchorId)}
              >
                <PropIcon name="ticket" />
                {state?.paying
                  ? t('liveRoom.ticket.paying')
                  : t('liveRoom.ticket.pay', { count: price })}
              </button>
            ) : (
              <button type="button" className="btn btn-primary" onClick={openLogin}>
                {t('liveRoom.ticket.login')}
              </button>
            )}
            <a className="btn btn-ghost" href="/liveMatches">
              {t('liveRoom.ticket.back')}
            </a>
          </div>
        </div>
      )}
    </Modal>
  );
}
