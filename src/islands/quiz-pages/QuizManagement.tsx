/**
 * /user-center/guessing-management: the anchor's quizzes with their stakes, bettors and bets; a
 * new quiz from the creation dialog; close betting early and draw the winner. Not-yet anchors
 * are sent to the anchor application.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ManagedQuiz } from '../../lib/quiz/api.ts';
import { loadManagedQuizzes } from '../../lib/stores/quiz-manage.ts';
import { checkAnchorStatus } from '../../lib/stores/anchor.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { CreateQuizDialog } from '../quiz/CreateQuizDialog.tsx';
import { QuizTools } from '../quiz/QuizTools.tsx';
import { useT } from '../use-t.ts';
import {
  Gems,
  GuestPanel,
  ListState,
  OptionsBar,
  Pager,
  StatusPill,
  usePaged,
  when,
} from './parts.tsx';

function Row({ quiz, onChange }: { quiz: ManagedQuiz; onChange: () => void }) {
  const t = useT();
  const locale = useStore($locale);
  return (
    <li className={`qp-card s${quiz.status}`} data-quiz={quiz.guess_id}>
      <header className="qp-card-head">
        <span className="qp-muted">{when(quiz.created_at, locale)}</span>
        <StatusPill quiz={quiz} />
      </header>
      <h2 className="qp-question">{quiz.question}</h2>
      <OptionsBar quiz={quiz} />
      <dl className="qp-facts">
        <div>
          <dt>{t('quiz.manage.stakes')}</dt>
          <dd>
            <Gems amount={quiz.pool_a + quiz.pool_b} />
          </dd>
        </div>
        <div>
          <dt>{t('quiz.manage.bettors')}</dt>
          <dd>{quiz.bettors_a + quiz.bettors_b}</dd>
        </div>
        <div>
          <dt>{t('quiz.manage.bets')}</dt>
          <dd>{quiz.bets}</dd>
        </div>
      </dl>
      <QuizTools quiz={quiz} onDone={onChange} />
    </li>
  );
}

/** The island. */
export function QuizManagement() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const [anchor, setAnchor] = useState<boolean | null>(null);
  const [asking, setAsking] = useState(false);
  const { data, page, setPage, reload } = usePaged(
    (p) => loadManagedQuizzes(p, loggedIn),
    String(loggedIn),
  );
  useEffect(() => {
    checkAnchorStatus()
      .then((s) => setAnchor(s?.is_anchor === 1))
      .catch(() => setAnchor(false));
  }, [loggedIn]);

  if (!loggedIn) return <GuestPanel text={t('quiz.manage.guest')} />;
  if (anchor === false) {
    return (
      <div className="qp-panel" data-not-anchor>
        <p>{t('quiz.manage.notAnchor')}</p>
        <a className="btn btn-primary" href="/user-center/apply-anchor">
          {t('quiz.manage.apply')}
        </a>
      </div>
    );
  }
  return (
    <div className="qp" data-quiz-management>
      <div className="qp-toolbar">
        <button type="button" className="btn btn-primary" onClick={() => setAsking(true)} data-ask>
          {t('quiz.ask')}
        </button>
      </div>
      <ListState data={data} empty={t('quiz.empty')} />
      {data.state === 'ready' ? (
        <>
          <ul className="qp-grid">
            {data.page.list.map((q) => (
              <Row key={q.guess_id} quiz={q} onChange={reload} />
            ))}
          </ul>
          <Pager page={page} total={data.page.total} size={data.page.size} onPage={setPage} />
        </>
      ) : null}
      {asking ? (
        <CreateQuizDialog
          onClose={() => setAsking(false)}
          onCreated={() => {
            setAsking(false);
            setPage(1);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
