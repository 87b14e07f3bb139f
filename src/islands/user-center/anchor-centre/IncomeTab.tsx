/** The income tab: income of a date range from the ledger, per day and gift by gift. */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { $centreIncome, loadIncome } from '../../../lib/stores/anchor-centre.ts';
import { INCOME_PAGE_SIZE } from '../../../lib/studio/centre.ts';
import { useT } from '../../use-t.ts';
import { ChartBox } from './ChartBox.tsx';
import { fullWhen, gems } from './format.ts';
import { Failed } from './parts.tsx';
import { RangeBar } from './RangeBar.tsx';

/** The income tab. */
export function IncomeTab() {
  const t = useT();
  const { data, status } = useStore($centreIncome);
  useEffect(() => void loadIncome(1), []);
  const spec = useMemo(
    () =>
      data && {
        labels: data.days.map((d) => d.day.slice(5)),
        series: [
          {
            label: t('studio.centre.incomeLabel'),
            data: data.days.map((d) => d.income / 100),
            color: '#ffb800',
            kind: 'bar' as const,
          },
        ],
      },
    [data, t],
  );

  const pages = data ? Math.max(1, Math.ceil(data.count / INCOME_PAGE_SIZE)) : 1;
  return (
    <div className="ac-tab">
      <RangeBar onChange={() => void loadIncome(1)} />
      {status.state === 'error' && (
        <Failed message={status.message} retry={() => loadIncome(data?.page ?? 1)} />
      )}
      {!data ? (
        status.state !== 'error' && <p className="ac-wait">{t('common.loading')}</p>
      ) : (
        <div className={status.state === 'loading' ? 'ac-body is-loading' : 'ac-body'}>
          <div className="ac-headline">
            <div className="ac-big ac-big-income">
              <span>{t('studio.centre.income.total')}</span>
              <strong data-testid="income-total">{gems(data.total)}</strong>
            </div>
            <div className="ac-big">
              <span>{t('studio.centre.balance')}</span>
              <strong>{gems(data.income_balance)}</strong>
            </div>
          </div>
          {spec && (
            <ChartBox
              name="income"
              title={t('studio.centre.income.perDay')}
              label={t('studio.centre.analysis.chartLabel', {
                name: t('studio.centre.income.perDay'),
              })}
              spec={spec}
            />
          )}
          <section className="ac-card" aria-labelledby="ac-records">
            <h2 id="ac-records">{t('studio.centre.income.records')}</h2>
            {data.list.length === 0 ? (
              <p className="ac-empty">{t('studio.centre.income.empty')}</p>
            ) : (
              <div className="ac-table-wrap">
                <table className="ac-table ac-records">
                  <thead>
                    <tr>
                      <th scope="col">{t('studio.centre.income.time')}</th>
                      <th scope="col">{t('studio.centre.income.sender')}</th>
                      <th scope="col">{t('studio.centre.income.gift')}</th>
                      <th scope="col">{t('studio.centre.income.paid')}</th>
                      <th scope="col">{t('studio.centre.income.share')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((r) => (
                      <tr key={r.id}>
                        <td>{fullWhen(r.created_at)}</td>
                        <td>
                          <span className="ac-who">
                            {r.sender?.avatar && (
                              <img src={r.sender.avatar} alt="" width="24" height="24" />
                            )}
                            {r.sender?.nick_name ?? t('studio.centre.income.unknownSender')}
                          </span>
                        </td>
                        <td>
                          <span className="ac-who">
                            {r.gift && <img src={r.gift.icon} alt="" width="24" height="24" />}
                            {r.gift ? `${r.gift.name} ×${r.count}` : '—'}
                          </span>
                        </td>
                        <td className="ac-money">{gems(r.paid)}</td>
                        <td className="ac-money ac-plus">+{gems(r.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {pages > 1 && (
              <nav className="ac-pager" aria-label={t('studio.centre.income.records')}>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={data.page <= 1}
                  onClick={() => void loadIncome(data.page - 1)}
                >
                  {t('studio.centre.income.prev')}
                </button>
                <span>{t('studio.centre.income.page', { page: data.page, pages })}</span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={data.page >= pages}
                  onClick={() => void loadIncome(data.page + 1)}
                >
                  {t('studio.centre.income.next')}
                </button>
              </nav>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
