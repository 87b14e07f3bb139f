/** /user-center/betHistory: the viewer's quizzes with their pick, stake, result and payout, newest first. */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { formatMoney } from '../../lib/format.ts';
import type { BetHistoryEntry } from '../../lib/quiz/api.ts';
import { loadMyBets } from '../../lib/stores/quiz-manage.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { refreshWallet } from '../../lib/stores/wallet.ts';
import { useT } from '../use-t.ts';
import { Gems, GuestPanel, ListState, Pager, StatusPill, usePaged, when } from './parts.tsx';

function Row({ entry }: { entry: BetHistoryEntry }) {
  const t = useT();
  const locale = useStore($locale);
  const quiz = entry.guess;
  const pick = entry.option === 1 ? quiz.option_a : quiz.option_b;
  return (
    <li className={`qp-bet r${entry.result}`} data-bet={quiz.guess_id}>
      <div className="qp-bet-main">
        <strong className="qp-question">{quiz.question}</strong>
        <span className="qp-muted">
          {quiz.anchor_name} · {when(entry.placed_at, locale)}
        </span>
      </div>
      <dl className="qp-facts">
        <div>
          <dt>{t('quiz.bets.choice')}</dt>
          <dd className={`qp-pick o${entry.option}`}>
            <b>{entry.option === 1 ? 'A' : 'B'}</b> {pick}
          </dd>
        </div>
        <div>
          <dt>{t('quiz.bets.stake')}</dt>
          <dd>
            <Gems amount={entry.amount} />
          </dd>
        </div>
        <div>
          <dt>{t('quiz.bets.result')}</dt>
          <dd>
            <span className={`qp-result r${entry.result}`} data-result={entry.result}>
              {t(`quiz.result.${entry.result}`)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('quiz.bets.payout')}</dt>
          <dd className="qp-payout">{entry.payout > 0 ? <Gems amount={entry.payout} /> : '—'}</dd>
        </div>
      </dl>
      <div className="qp-bet-side">
        <StatusPill quiz={quiz} />
        {entry.debt > 0 ? (
          <span className="qp-debt">
            {t('quiz.bets.debt', { amount: formatMoney(entry.debt) })}
          </span>
        ) : null}
        <a className="qp-link" href={`/liveMatchesTwo/${quiz.anchor_id}`}>
          {t('quiz.viewRoom')}
        </a>
      </div>
    </li>
  );
}

/** The island: guests are asked to log in. */
export function BetHistory() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const { data, page, setPage } = usePaged((p) => loadMyBets(p, loggedIn), String(loggedIn));
  // Draws and cancellations change the gems while the viewer is elsewhere: read them again.
  useEffect(() => {
    if (loggedIn) void refreshWallet().catch(() => {});
  }, [loggedIn]);
  if (!loggedIn) return <GuestPanel text={t('quiz.bets.guest')} />;
  return (
    <div className="qp" data-bet-history>
      <ListState data={data} empty={t('quiz.bets.empty')} />
      {data.state === 'ready' ? (
        <>
          <ul className="qp-bets">
            {data.page.list.map((e) => (
              <Row key={e.guess.guess_id} entry={e} />
            ))}
          </ul>
          <Pager page={page} total={data.page.total} size={data.page.size} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
