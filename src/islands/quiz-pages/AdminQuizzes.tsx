/**
 * /admin/quizzes: every quiz for administrators, by status, with cancellation before the draw
 * (stakes refunded) and after it (winnings taken back, stakes refunded). The server decides who
 * may see the list; anyone else gets its refusal.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { quizApi, type ManagedQuiz } from '../../lib/quiz/api.ts';
import { QUIZ_STATUS } from '../../lib/quiz/types.ts';
import { openLogin } from '../../lib/stores/dialogs.ts';
import { $locale } from '../../lib/stores/locale.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { ListState, OptionsBar, Pager, StatusPill, usePaged, when } from './parts.tsx';

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
      await quizApi.cancel(quiz.guess_id);
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
          {t('quiz.admin.room')}: {quiz.anchor_name} · #{quiz.anchor_id}
        </span>
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
          <dt>{t('quiz.manage.bets')}</dt>
          <dd>{quiz.bets}</dd>
        </div>
        <div>
          <dt>{t('quiz.manage.created')}</dt>
          <dd>{when(quiz.created_at, locale)}</dd>
        </div>
      </dl>
      {CANCELLABLE.includes(quiz.status) || quiz.settling ? (
        <div className="qp-actions">
          <button
            type="button"
            className="btn qp-cancel"
            disabled={busy}
            onClick={() => void cancel()}
            data-cancel
          >
            {t('quiz.admin.cancel')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The island. */
export function AdminQuizzes() {
  const t = useT();
  const loggedIn = useStore($loggedIn);
  const [status, setStatus] = useState(0);
  const { data, page, setPage, reload } = usePaged(
    (p) => quizApi.adminList(p, status || undefined),
    `${loggedIn}:${status}`,
  );
  if (!loggedIn) {
    return (
      <div className="qp-panel" data-guest>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          {t('quiz.login')}
        </button>
      </div>
    );
  }
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
