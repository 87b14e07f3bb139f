/**
 * /user-center/guessing-management: the anchor's quizzes with their stakes, bettors and bets; a
 * new quiz from the creation dialog; close betting early and draw the winner. Not-yet anchors
 * are sent to the anchor application.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { quizApi, type ManagedQuiz } from '../../lib/quiz/api.ts';
import { awaitsDraw, QUIZ_STATUS, type QuizView } from '../../lib/quiz/types.ts';
import { checkAnchorStatus } from '../../lib/stores/anchor.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { CreateQuizDialog } from '../quiz/CreateQuizDialog.tsx';
import { useT } from '../use-t.ts';
import { ListState, OptionsBar, Pager, StatusPill, usePaged, when } from './parts.tsx';

function Row({ quiz, onChange }: { quiz: ManagedQuiz; onChange: () => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [busy, setBusy] = useState(false);
  const name = (o: 1 | 2) => (o === 1 ? quiz.option_a : quiz.option_b);
  const act = async (run: () => Promise<QuizView>, done: string) => {
    setBusy(true);
    try {
      await run();
      showToast(done, 'success');
      onChange();
    } catch (e) {
      showToast((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
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
          <dd>{formatMoney(quiz.pool_a + quiz.pool_b)}</dd>
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
      {awaitsDraw(quiz) && !quiz.settling ? (
        <div className="qp-actions">
          {quiz.status === QUIZ_STATUS.open ? (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => {
                if (confirm(t('quiz.closeConfirm', { question: quiz.question })))
                  void act(() => quizApi.close(quiz.guess_id), t('quiz.closed'));
              }}
            >
              {t('quiz.closeEarly')}
            </button>
          ) : null}
          {([1, 2] as const).map((o) => (
            <button
              key={o}
              type="button"
              className={`btn qp-draw qp-draw-${o}`}
              data-draw={o}
              disabled={busy}
              onClick={() => {
                if (confirm(t('quiz.drawConfirm', { option: name(o) })))
                  void act(
                    () => quizApi.draw(quiz.guess_id, o),
                    t('quiz.drawn', { option: name(o) }),
                  );
              }}
            >
              {t('quiz.draw', { option: name(o) })}
            </button>
          ))}
        </div>
      ) : null}
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
    (p) =>
      loggedIn ? quizApi.manage(p) : Promise.resolve({ list: [], total: 0, page: 1, size: 20 }),
    String(loggedIn),
  );
  useEffect(() => {
    checkAnchorStatus()
      .then((s) => setAnchor(s?.is_anchor === 1))
      .catch(() => setAnchor(false));
  }, [loggedIn]);

  if (!loggedIn) {
    return (
      <div className="qp-panel" data-guest>
        <h2>{t('quiz.manage.title')}</h2>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('quiz.login')}
        </button>
      </div>
    );
  }
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
