/**
 * The check-in dialog (spec §2, §4): the week, then one of three states. 1: a check-in button;
 * 2: the failure and a retry; 3: done, with the rewards when they are known here, a button to
 * the wheel when they hold a lottery chance, otherwise a close button. Links to the check-in
 * page and the lottery.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $checkinBusy,
  $checkinError,
  $checkinInfo,
  $checkinPhase,
  $checkinRewards,
  checkInToday,
  loadCheckinInfo,
  wonLotteryChance,
} from '../../lib/stores/checkin.ts';
import { $config } from '../../lib/stores/config.ts';
import { closeDialog } from '../../lib/stores/dialogs.ts';
import { Modal } from '../dialogs/Modal.tsx';
import { useT } from '../use-t.ts';
import { CheckinWeek } from './CheckinWeek.tsx';
import { WonRewards } from './RewardChip.tsx';
import './checkin.css';

/** The dialog body. */
export function CheckinDialog() {
  const t = useT();
  const info = useStore($checkinInfo);
  const phase = useStore($checkinPhase);
  const busy = useStore($checkinBusy);
  const rewards = useStore($checkinRewards);
  const error = useStore($checkinError);
  const lotteryOn = useStore($config)?.lottery_switch === 1;
  useEffect(() => {
    void loadCheckinInfo();
  }, []);
  const spin = phase === 3 && lotteryOn && wonLotteryChance(rewards);
  return (
    <Modal
      width={620}
      label={t('engagement.checkin.title')}
      onClose={closeDialog}
      className="ck-modal"
    >
      <div className="ck-dialog" data-checkin-dialog data-phase={phase}>
        <header className="ck-head">
          <h2>{t('engagement.checkin.title')}</h2>
          <p>
            {info && info.Continuous > 0
              ? t('engagement.checkin.streak', { n: info.Continuous })
              : t('engagement.checkin.dialogIntro')}
          </p>
        </header>
        {info ? (
          <CheckinWeek days={info.CheckinDetails} />
        ) : error ? (
          <p className="ck-error" role="alert">
            {error}
          </p>
        ) : (
          <div className="ck-week-skeleton" aria-busy="true" />
        )}
        {phase === 3 && <WonRewards rewards={rewards} />}
        {phase === 2 && error && (
          <p className="ck-error" role="alert">
            {error}
          </p>
        )}
        <div className="ck-actions">
          {phase === 1 && (
            <button
              type="button"
              className="btn btn-primary ck-go"
              disabled={busy || !info}
              onClick={() => void checkInToday()}
            >
              {busy ? t('engagement.checkin.checking') : t('engagement.checkin.button')}
            </button>
          )}
          {phase === 2 && (
            <button
              type="button"
              className="btn btn-primary ck-go"
              disabled={busy}
              onClick={() => void checkInToday()}
            >
              {t('engagement.checkin.retry')}
            </button>
          )}
          {spin && (
            <a className="btn btn-primary ck-go" href="/lottery" data-lottery-link>
              {t('engagement.checkin.spin')}
            </a>
          )}
          {phase === 3 && !spin && (
            <button type="button" className="btn btn-primary ck-go" onClick={closeDialog}>
              {t('engagement.checkin.close')}
            </button>
          )}
        </div>
        <nav className="ck-links">
          <a href="/user-center/checkin">{t('engagement.checkin.more')}</a>
          {lotteryOn && <a href="/lottery">{t('engagement.lottery.title')}</a>}
        </nav>
      </div>
    </Modal>
  );
}
