/**
 * /lottery: the prize wheel, the spins left, the prizes with their published odds and the
 * user's draws. Guests see the wheel and the odds, and a login button instead of the spin.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $lastDraw,
  $lotteryError,
  $lotteryHistory,
  $lotteryInfo,
  $spinning,
  finishSpin,
  loadLottery,
  spin,
} from '../../lib/stores/lottery.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { rewardLabel } from '../../lib/rewards/types.ts';
import { RewardChip } from '../checkin/RewardChip.tsx';
import { useT } from '../use-t.ts';
import { Wheel } from './Wheel.tsx';
import '../checkin/checkin.css';
import './lottery.css';

function percent(odds: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(odds);
}

/** The page island. */
export function LotteryPage() {
  const t = useT();
  const locale = useStore($locale);
  const loggedIn = useStore($loggedIn);
  const info = useStore($lotteryInfo);
  const spinning = useStore($spinning);
  const last = useStore($lastDraw);
  const history = useStore($lotteryHistory);
  const error = useStore($lotteryError);
  useEffect(() => {
    void loadLottery();
  }, [loggedIn]);
  const chances = info?.chances ?? 0;
  return (
    <div className="lt-page" data-lottery data-chances={chances}>
      <section className="lt-stage">
        <div className="lt-wheel-box">
          {info ? (
            <Wheel
              prizes={info.prizes}
              target={spinning?.prize_id ?? null}
              onStop={finishSpin}
              label={t('engagement.lottery.wheel')}
            />
          ) : (
            <div className="lt-wheel lt-wheel-skeleton" aria-busy="true" />
          )}
          {loggedIn ? (
            <button
              type="button"
              className="lt-spin"
              data-spin
              disabled={!info || spinning !== null || chances <= 0}
              onClick={() => void spin()}
            >
              {spinning ? '…' : t('engagement.lottery.spin')}
            </button>
          ) : (
            <button type="button" className="lt-spin" onClick={openLogin}>
              {t('engagement.lottery.login')}
            </button>
          )}
        </div>
        <aside className="lt-side">
          {loggedIn ? (
            <div className="lt-chances">
              <span>{t('engagement.lottery.chances')}</span>
              <strong data-chances-left>{chances}</strong>
            </div>
          ) : (
            <div className="lt-chances">
              <strong className="lt-guest-title">{t('engagement.lottery.loginTitle')}</strong>
              <span>{t('engagement.lottery.loginBody')}</span>
            </div>
          )}
          <div className="lt-result" aria-live="polite" data-lottery-result>
            {spinning ? (
              <p className="lt-muted">{t('engagement.lottery.spinning')}</p>
            ) : last ? (
              <>
                <p className="lt-won">
                  {t('engagement.lottery.won', { prize: rewardLabel(last.reward) })}
                </p>
                <RewardChip reward={last.reward} />
              </>
            ) : null}
            {error && (
              <p className="lt-error" role="alert">
                {error}
              </p>
            )}
          </div>
          {loggedIn && chances <= 0 && !spinning && (
            <a className="btn btn-ghost" href="/user-center/checkin">
              {t('engagement.lottery.earn')}
            </a>
          )}
          <p className="lt-fair">{t('engagement.lottery.fair')}</p>
        </aside>
      </section>
      <div className="lt-columns">
        <section className="ck-panel" aria-labelledby="lt-odds-title">
          <h2 id="lt-odds-title">{t('engagement.lottery.odds')}</h2>
          <table className="lt-odds">
            <thead>
              <tr>
                <th scope="col">{t('engagement.lottery.prize')}</th>
                <th scope="col">{t('engagement.lottery.chance')}</th>
              </tr>
            </thead>
            <tbody>
              {info?.prizes.map((p) => (
                <tr key={p.id} data-odds={p.id}>
                  <td>
                    <span
                      className="lt-swatch"
                      style={{ background: p.color }}
                      aria-hidden="true"
                    />
                    <RewardChip reward={p.reward} />
                  </td>
                  <td>{percent(p.odds, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {loggedIn && (
          <section className="ck-panel" aria-labelledby="lt-history-title">
            <h2 id="lt-history-title">{t('engagement.lottery.history')}</h2>
            {history.length === 0 ? (
              <p className="ck-empty">{t('engagement.lottery.historyEmpty')}</p>
            ) : (
              <ol className="ck-history" data-lottery-history>
                {history.map((d) => (
                  <li key={d.draw_id}>
                    <time dateTime={new Date(d.time * 1000).toISOString()}>
                      {new Date(d.time * 1000).toLocaleString(locale, {
                        month: '2-digit',
                        day: '2-digit',
                        hour: '2-digit',
                        minute: '2-digit',
                      })}
                    </time>
                    <span className="ck-desc">{rewardLabel(d.reward)}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
