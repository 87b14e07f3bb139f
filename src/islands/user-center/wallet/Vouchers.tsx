/** /user-center/voucher: the user's live-room tickets (backpack type 105) and their states. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $loggedIn } from '../../../lib/stores/session.ts';
import { $vouchers, $vouchersState, loadVouchers } from '../../../lib/stores/wallet.ts';
import type { Voucher } from '../../../lib/wallet/records.ts';
import { useT } from '../../use-t.ts';
import { dateOnly, GuestPanel, Notice, TicketIcon, WalletTabs } from './parts.tsx';
import './wallet.css';

const SOURCES = ['welcome', 'activity', 'recharge'];

function Ticket({ voucher }: { voucher: Voucher }) {
  const t = useT();
  const source = SOURCES.includes(voucher.source) ? voucher.source : 'other';
  const when =
    voucher.state === 'used' && voucher.used_at !== null
      ? t('wallet.ui.usedOn', { date: dateOnly(voucher.used_at) })
      : voucher.state === 'expired'
        ? t('wallet.ui.expiredOn', { date: dateOnly(voucher.expires_at) })
        : t('wallet.ui.validUntil', { date: dateOnly(voucher.expires_at) });
  return (
    <li className={`vc-ticket ${voucher.state}`} data-voucher={voucher.id}>
      <div className="vc-stub">
        <TicketIcon size={26} />
        <span>{voucher.type}</span>
      </div>
      <div className="vc-body">
        <strong>{t('wallet.ui.ticketName')}</strong>
        <span>
          {voucher.anchor_id
            ? t('wallet.ui.oneRoom', { id: voucher.anchor_id })
            : t('wallet.ui.anyRoom')}
        </span>
        <small>
          {t(`wallet.ui.voucherSource.${source}`)} · <span className="vc-when">{when}</span>
        </small>
      </div>
      <span className={`vc-state ${voucher.state}`}>
        {t(`wallet.ui.voucherState.${voucher.state}`)}
      </span>
    </li>
  );
}

/** The vouchers island. */
export function Vouchers() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const vouchers = useStore($vouchers);
  const state = useStore($vouchersState);
  useEffect(() => {
    if (loggedIn) void loadVouchers();
  }, [loggedIn]);
  let body;
  if (!loggedIn) body = <GuestPanel />;
  else if (state.state === 'error') body = <Notice>{state.message}</Notice>;
  else if (state.state !== 'ready') body = <p className="wl-wait">{t('common.loading')}</p>;
  else {
    body = (
      <>
        <div className="vc-hero">
          <TicketIcon size={30} />
          <span>{t('wallet.ui.ticketsHeld')}</span>
          <strong data-tickets>{vouchers.tickets}</strong>
        </div>
        {vouchers.list.length === 0 ? (
          <Notice
            action={
              <a className="btn btn-primary" href="/liveMatches">
                {t('wallet.ui.browseLive')}
              </a>
            }
          >
            {t('wallet.ui.emptyVouchers')}
          </Notice>
        ) : (
          <ul className="vc-list">
            {vouchers.list.map((voucher) => (
              <Ticket key={voucher.id} voucher={voucher} />
            ))}
          </ul>
        )}
      </>
    );
  }
  return (
    <div className="wl">
      <WalletTabs current="voucher" />
      {body}
    </div>
  );
}
