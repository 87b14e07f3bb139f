/** /user-center/myWallet: balances, then consumption and income records with paging. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatMoney } from '../../../lib/format.ts';
import type { Locale } from '../../../lib/i18n/locale.ts';
import { mallItem } from '../../../lib/mall/catalogue.ts';
import { $locale } from '../../../lib/stores/locale.ts';
import { $loggedIn } from '../../../lib/stores/session.ts';
import {
  $records,
  $showIncome,
  $wallet,
  loadRecords,
  refreshWallet,
} from '../../../lib/stores/wallet.ts';
import type { RecordType, WalletRecord } from '../../../lib/wallet/records.ts';
import { useT } from '../../use-t.ts';
import {
  dateTime,
  DiamondIcon,
  GemIcon,
  GuestPanel,
  IncomeIcon,
  Notice,
  Pager,
  WalletTabs,
} from './parts.tsx';
import './wallet.css';

const KINDS = ['grant', 'recharge', 'gift_send', 'gift_income', 'purchase', 'refund'];

function Balances() {
  const t = useT();
  const wallet = useStore($wallet);
  const showIncome = useStore($showIncome);
  return (
    <div className={`wl-cards${showIncome ? ' three' : ''}`}>
      <section className="wl-card gems" data-balance="gold">
        <header>
          <GemIcon size={26} />
          <h2>{t('wallet.ui.gems')}</h2>
        </header>
        <strong className="wl-amount">{formatMoney(wallet.gold)}</strong>
        <p>{t('wallet.ui.gemsHint')}</p>
        <a className="btn btn-primary wl-card-btn" href="/user-center/recharge">
          {t('wallet.ui.recharge')}
        </a>
      </section>
      <section className="wl-card diamonds" data-balance="diamond">
        <header>
          <DiamondIcon size={26} />
          <h2>{t('wallet.ui.diamonds')}</h2>
        </header>
        <strong className="wl-amount">{formatMoney(wallet.diamond)}</strong>
        <p>{t('wallet.ui.diamondsHint')}</p>
      </section>
      {showIncome && (
        <section className="wl-card income" data-balance="income">
          <header>
            <IncomeIcon size={26} />
            <h2>{t('wallet.ui.income')}</h2>
          </header>
          <strong className="wl-amount">{formatMoney(wallet.income)}</strong>
          <p>{t('wallet.ui.incomeHint')}</p>
        </section>
      )}
    </div>
  );
}

/** What a mall purchase bought, e.g. "Fox Noble, 30 days"; '' when the record is not one. */
function purchaseLabel(t: ReturnType<typeof useT>, record: WalletRecord, locale: Locale): string {
  const item = record.kind === 'purchase' ? mallItem(record.reference) : undefined;
  if (!item) return '';
  const what =
    item.kind === 'noble'
      ? t('mall.recordNoble', { noble: item.name[locale], days: item.days })
      : t('mall.recordPack', { name: item.name[locale], count: item.count });
  return t('mall.record', { item: what });
}

function RecordRow({ record }: { record: WalletRecord }) {
  const t = useT();
  const locale = useStore($locale);
  const kind = KINDS.includes(record.kind) ? record.kind : 'other';
  const label = purchaseLabel(t, record, locale) || t(`wallet.kinds.${kind}`);
  const sign = record.amount > 0 ? '+' : '';
  return (
    <li className="wl-row" data-record={record.id}>
      <span className="wl-kind">
        {record.currency === 'gold' ? (
          <GemIcon size={18} />
        ) : record.currency === 'diamond' ? (
          <DiamondIcon size={18} />
        ) : (
          <IncomeIcon size={18} />
        )}
        <span>
          <strong>{label}</strong>
          <small>{dateTime(record.created_at)}</small>
        </span>
      </span>
      <span className={`wl-delta ${record.amount > 0 ? 'up' : 'down'}`}>
        {sign}
        {formatMoney(record.amount)}
        <small>{t(`wallet.currency.${record.currency}`)}</small>
      </span>
      <span className="wl-after">
        <small>{t('wallet.ui.balanceAfter')}</small>
        {formatMoney(record.balance_after)}
      </span>
    </li>
  );
}

function Records() {
  const t = useT();
  const records = useStore($records);
  const tabs: [RecordType, string][] = [
    ['consumption', t('wallet.ui.consumption')],
    ['income', t('wallet.ui.incomeRecords')],
  ];
  return (
    <section className="wl-records">
      <div className="wl-seg" role="tablist">
        {tabs.map(([type, label]) => (
          <button
            key={type}
            type="button"
            role="tab"
            aria-selected={records.type === type}
            onClick={() => void loadRecords(type)}
          >
            {label}
          </button>
        ))}
      </div>
      {records.status.state === 'error' ? (
        <Notice
          action={
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void loadRecords(records.type, records.page)}
            >
              {t('wallet.ui.retry')}
            </button>
          }
        >
          {records.status.message}
        </Notice>
      ) : records.status.state !== 'ready' && records.list.length === 0 ? (
        <p className="wl-wait">{t('common.loading')}</p>
      ) : records.list.length === 0 ? (
        <Notice>
          {records.type === 'consumption'
            ? t('wallet.ui.emptyConsumption')
            : t('wallet.ui.emptyIncome')}
        </Notice>
      ) : (
        <ul className="wl-list" aria-busy={records.status.state === 'loading'}>
          {records.list.map((record) => (
            <RecordRow key={record.id} record={record} />
          ))}
        </ul>
      )}
      <Pager
        page={records.page}
        size={records.size}
        total={records.total}
        onPage={(page) => void loadRecords(records.type, page)}
      />
    </section>
  );
}

/** The wallet island. */
export function MyWallet() {
  const loggedIn = useStore($loggedIn);
  useEffect(() => {
    if (!loggedIn) return;
    void refreshWallet().catch(() => undefined);
    void loadRecords($records.get().type);
  }, [loggedIn]);
  return (
    <div className="wl">
      <WalletTabs current="myWallet" />
      {loggedIn ? (
        <>
          <Balances />
          <Records />
        </>
      ) : (
        <GuestPanel />
      )}
    </div>
  );
}
