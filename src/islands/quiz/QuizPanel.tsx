/**
 * The live room's quiz panel, beside the gifts (stacked on phones): the room's quizzes taking
 * bets or awaiting the draw, then the room's quiz history (spec §1); the anchor and managers ask
 * new quizzes from here. It renders the quiz store; the socket lives in the room store.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { QuizView } from '../../lib/quiz/types.ts';
import { $roomConnection } from '../../lib/stores/live-room.ts';
import { $chatMe } from '../../lib/stores/live-room-state.ts';
import {
  $promptedQuiz,
  $roomQuizzes,
  loadQuizConfig,
  rememberQuiz,
} from '../../lib/stores/quiz.ts';
import { $loggedIn } from '../../lib/stores/session.ts';
import { useT } from '../use-t.ts';
import { CreateQuizDialog } from './CreateQuizDialog.tsx';
import { QuizCard } from './QuizCard.tsx';
import './quiz.css';

/** Props of QuizPanel. */
export interface QuizPanelProps {
  anchorId: number;
  categoryId?: number;
}

const active = (q: QuizView) => q.status <= 3 || q.settling;

/** The panel. */
export function QuizPanel({ anchorId, categoryId }: QuizPanelProps) {
  const t = useT();
  const quizzes = useStore($roomQuizzes);
  const me = useStore($chatMe);
  const connection = useStore($roomConnection);
  const loggedIn = useStore($loggedIn);
  const prompted = useStore($promptedQuiz);
  const [now, setNow] = useState(() => Date.now());
  const [asking, setAsking] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const manager = me?.isManager ?? false;

  useEffect(() => {
    void loadQuizConfig();
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const current = quizzes.filter(active);
  const history = quizzes.filter((q) => !active(q));
  if (connection !== 'joined' && quizzes.length === 0) return null;
  if (!manager && quizzes.length === 0) return null;

  return (
    <section className="qz-panel" aria-label={t('quiz.title')} data-quiz-panel>
      <header className="qz-panel-head">
        <h2>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm2.1-7.8-.9.9c-.7.7-1.2 1.3-1.2 2.9h-2v-.5c0-1.1.5-2.1 1.2-2.8l1.2-1.3A2 2 0 0 0 12 6a2 2 0 0 0-2 2H8a4 4 0 1 1 7.1 1.2Z"
            />
          </svg>
          {t('quiz.title')}
        </h2>
        {manager ? (
          <button type="button" className="btn btn-primary qz-ask" onClick={() => setAsking(true)}>
            {t('quiz.ask')}
          </button>
        ) : null}
      </header>
      {current.length === 0 ? <p className="qz-empty">{t('quiz.empty')}</p> : null}
      <div className="qz-list">
        {current.map((q) => (
          <QuizCard
            key={q.guess_id}
            quiz={q}
            now={now}
            manager={manager}
            loggedIn={loggedIn}
            highlighted={prompted === q.guess_id}
          />
        ))}
      </div>
      {history.length ? (
        <div className="qz-history">
          <button
            type="button"
            className="qz-history-toggle"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((s) => !s)}
          >
            {t('quiz.history')} ({history.length})
          </button>
          {showHistory ? (
            <div className="qz-list">
              {history.map((q) => (
                <QuizCard
                  key={q.guess_id}
                  quiz={q}
                  now={now}
                  manager={manager}
                  loggedIn={loggedIn}
                  highlighted={false}
                />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
      {asking ? (
        <CreateQuizDialog
          anchorId={anchorId}
          categoryId={categoryId}
          onClose={() => setAsking(false)}
          onCreated={(quiz) => {
            rememberQuiz(quiz);
            setAsking(false);
          }}
        />
      ) : null}
    </section>
  );
}
