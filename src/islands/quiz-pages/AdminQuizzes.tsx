/**
 * /admin/quizzes: every quiz for administrators, by status, with cancellation before the draw
 * (stakes refunded) and after it (winnings taken back, stakes refunded). The server decides who
 * may see the list; anyone else gets its refusal.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ManagedQuiz } from '../../lib/quiz/api.ts';
import { cancelQuiz, loadAllQuizzes } from '../../lib/stores/quiz-manage.ts';
import { QUIZ_STATUS } from '../../lib/quiz/types.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
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

const CANCELLABLE: number[] = [
  QUIZ_STATUS.open,
  QUIZ_STATUS.toDraw,
  QUIZ_STATUS.closed,
  QUIZ_STATUS.drawn,
];
const FILTERS = [0, 1, 2, 3, 4, 5, 6] as const;

function Row({ quiz, onChange }: { quiz: ManagedQuiz; onChange: () => void }) {
  const t = useT();
  const locale = useStore($locale);
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    if (!confirm(t('quiz.admin.cancelConfirm', { question: quiz.question }))) return;
    setBusy(true);
    try {
      await cancelQuiz(quiz.guess_id);
      showToast(t('quiz.admin.cancelled'), 'success');
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
        <span className="qp-anchor">
          {t('quiz.admin.roomOf', { name: quiz.anchor_name, id: quiz.anchor_id })}
        </span>
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
      <footer className="qp-card-foot">
        <span className="qp-muted">
          {t('quiz.manage.created')} {when(quiz.created_at, locale)}
        </span>
        {CANCELLABLE.includes(quiz.status) || quiz.settling ? (
          <button
            type="button"
            className="btn qp-cancel"
            disabled={busy}
            onClick={() => void cancel()}
            data-cancel
          >
            {t('quiz.admin.cancel')}
          </button>
        ) : null}
      </footer>
    </li>
  );
}

/** The island. */
export function AdminQuizzes() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const [status, setStatus] = useState(0);
  const { data, page, setPage, reload } = usePaged(
    // A guest is asked to log in below, without a call that would open the login dialog.
    (p) => loadAllQuizzes(p, loggedIn, status || undefined),
    `${loggedIn}:${status}`,
  );
  if (!loggedIn) return <GuestPanel text={t('quiz.admin.guest')} />;
  return (
    <div className="qp" data-admin-quizzes>
      <div className="qp-filters" role="group" aria-label={t('quiz.manage.status')}>
        {FILTERS.map((s) => (
          <button
            key={s}
            type="button"
            className={`qp-filter${status === s ? ' is-on' : ''}`}
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
          >
            {s === 0 ? t('quiz.admin.all') : t(`quiz.status.${s}`)}
          </button>
        ))}
      </div>
      <ListState data={data} empty={t('quiz.emptyList')} />
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
    </div>
  );
}
