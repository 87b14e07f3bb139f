/** /user-center/voucher: the user's live-room tickets (backpack type 105) and their states. */
import { useStore } from '@nanostores/react';
import { useEffect, type CSSProperties } from 'react';
import { $loggedIn } from '../../../lib/stores/session.ts';
import { $vouchers, $vouchersState, loadVouchers } from '../../../lib/stores/wallet.ts';
import type { Voucher, VoucherList } from '../../../lib/wallet/records.ts';
import { useT } from '../../use-t.ts';
import { PROP_ICONS } from '../../../lib/live/icons.ts';
import { PROP_COLORS } from '../../../lib/live/props.ts';
import { mallItem } from '../../../lib/mall/catalogue.ts';
import { $locale } from '../../../lib/stores/locale.ts';
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

/** The chat props in the backpack, bought in the mall or handed out. */
function PropsHeld({ props }: { props: VoucherList['props'] }) {
  const t = useT();
  const locale = useStore($locale);
  const name = (id: string) => mallItem(id)?.name[locale] ?? '';
  const rows = [
    ['speaker', name('speaker-5'), props.speaker, 'var(--amber)', PROP_ICONS.megaphone],
    ['colorful1', name('colorful-2-5'), props.colorful1, PROP_COLORS[2], PROP_ICONS.sparkle],
    ['colorful2', name('colorful-3-5'), props.colorful2, PROP_COLORS[3], PROP_ICONS.sparkle],
    ['colorful3', name('colorful-4-5'), props.colorful3, PROP_COLORS[4], PROP_ICONS.sparkle],
  ] as const;
  return (
    <section className="vc-props" aria-labelledby="vc-props-title">
      <h2 id="vc-props-title">{t('wallet.ui.propsHeld')}</h2>
      <ul>
        {rows.map(([key, label, count, tone, icon]) => (
          <li key={key} data-prop-held={key} style={{ '--tone': tone } as CSSProperties}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path fill="currentColor" d={icon} />
            </svg>
            <span>{label}</span>
            <strong>{count}</strong>
          </li>
        ))}
      </ul>
      <a className="btn btn-ghost" href="/mall?tab=props">
        {t('wallet.ui.toMall')}
      </a>
    </section>
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
        <PropsHeld props={vouchers.props} />
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
