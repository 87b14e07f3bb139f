/**
 * /guessList: quizzes across live rooms, those taking bets first (closing soonest first), then
 * those awaiting the draw and the recently settled; each links into its room, where bets are made.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { PublicQuiz } from '../../lib/quiz/api.ts';
import { loadPublicQuizzes } from '../../lib/stores/quiz-manage.ts';
import { isOpen, QUIZ_STATUS } from '../../lib/quiz/types.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { formatMoney } from '../../lib/format.ts';
import { countdown } from '../quiz/QuizCard.tsx';
import { useT } from '../use-t.ts';
import { ListState, OptionsBar, Pager, StatusPill, usePaged } from './parts.tsx';

function Card({ quiz, now }: { quiz: PublicQuiz; now: number }) {
  const t = useT();
  const open = isOpen(quiz, now);
  return (
    <li className={`qp-card s${quiz.status}`} data-quiz={quiz.guess_id}>
      <header className="qp-card-head">
        <span className={`qp-room${quiz.room_live ? ' is-live' : ''}`}>
          {quiz.room_live ? t('quiz.list.live') : t('quiz.list.offline')}
        </span>
        <span className="qp-anchor">{quiz.anchor_name}</span>
        <StatusPill quiz={quiz} />
      </header>
      <h2 className="qp-question">{quiz.question}</h2>
      <OptionsBar quiz={quiz} />
      <footer className="qp-card-foot">
        <span className="qp-muted">
          {open
            ? t('quiz.closesIn', { time: countdown(quiz.closes_at, now) })
            : quiz.status === QUIZ_STATUS.drawn && quiz.winner
              ? t('quiz.winner', { option: quiz.winner === 1 ? quiz.option_a : quiz.option_b })
              : t('quiz.minBet', { amount: formatMoney(quiz.min_bet) })}
        </span>
        {quiz.mine ? (
          <span className="qp-mine">
            {t('quiz.yourStake', {
              amount: formatMoney(quiz.mine.amount),
              option: quiz.mine.option === 1 ? quiz.option_a : quiz.option_b,
            })}
          </span>
        ) : null}
        <a
          className={`btn ${open ? 'btn-primary' : 'btn-ghost'}`}
          href={`/liveMatchesTwo/${quiz.anchor_id}`}
        >
          {t('quiz.viewRoom')}
        </a>
      </footer>
    </li>
  );
}

/** The island. */
export function QuizList() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  // The viewer's own stakes come with the list, so it is read again on logging in or out.
  const { data, page, setPage } = usePaged((p) => loadPublicQuizzes(p), String(loggedIn));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="qp" data-quiz-list>
      <ListState data={data} empty={t('quiz.emptyList')} />
      {data.state === 'ready' ? (
        <>
          <ul className="qp-grid">
            {data.page.list.map((q) => (
              <Card key={q.guess_id} quiz={q} now={now} />
            ))}
          </ul>
          <Pager page={page} total={data.page.total} size={data.page.size} onPage={setPage} />
        </>
      ) : null}
    </div>
  );
}
