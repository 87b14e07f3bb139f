/** /user-center/rechargeHistory: the user's recharge orders, newest first, with paging. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import { $history, loadHistory } from '../../../lib/stores/recharge.ts';
import { $loggedIn } from '../../../lib/stores/session.ts';
import { formatYuan } from '../../../lib/wallet/recharge.ts';
import { useT } from '../../use-t.ts';
import { dateTime, GemIcon, GuestPanel, Notice, Pager, WalletTabs } from './parts.tsx';
import './wallet.css';

/** The recharge history island. */
export function RechargeHistory() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const history = useStore($history);
  useEffect(() => {
    if (loggedIn) void loadHistory(1);
  }, [loggedIn]);
  let body;
  if (!loggedIn) body = <GuestPanel />;
  else if (history.status.state === 'error') {
    body = (
      <Notice
        action={
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void loadHistory(history.page)}
          >
            {t('wallet.ui.retry')}
          </button>
        }
      >
        {history.status.message}
      </Notice>
    );
  } else if (history.status.state !== 'ready' && history.list.length === 0) {
    body = <p className="wl-wait">{t('common.loading')}</p>;
  } else if (history.list.length === 0) {
    body = (
      <Notice
        action={
          <a className="btn btn-primary" href="/user-center/recharge">
            {t('wallet.ui.recharge')}
          </a>
        }
      >
        {t('wallet.ui.emptyHistory')}
      </Notice>
    );
  } else {
    body = (
      <>
        <ul className="wl-list">
          {history.list.map((order) => (
            <li key={order.order_no} className="wl-row rh-row" data-order={order.order_no}>
              <span className="wl-kind">
                <GemIcon size={18} />
                <span>
                  <strong>+{formatMoney(order.gold)}</strong>
                  <small>{dateTime(order.created_at)}</small>
                  <small className="rh-no">{order.order_no}</small>
                </span>
              </span>
              <span className="rh-price">¥{formatYuan(order.amount_fen)}</span>
              <span className={`rh-status ${order.status}`}>
                {t(`wallet.status.${order.status}`)}
              </span>
            </li>
          ))}
        </ul>
        <Pager
          page={history.page}
          size={history.size}
          total={history.total}
          onPage={(page) => void loadHistory(page)}
        />
      </>
    );
  }
  return (
    <div className="wl">
      <WalletTabs current="rechargeHistory" />
      {body}
    </div>
  );
}
