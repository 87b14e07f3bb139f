/**
 * The tools of whoever runs a quiz, shared by the live room's card and the anchor's quiz
 * management page: remind the room (in the room only), close betting early, draw A or B. Each
 * act asks for confirmation, shows its toast and hands the changed quiz back.
 */
import { useState } from 'react';
import { awaitsDraw, QUIZ_STATUS, type QuizOption, type QuizView } from '../../lib/quiz/types.ts';
import { closeQuiz, drawQuiz } from '../../lib/stores/quiz-manage.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import './quiz-shared.css';

/** Props of QuizTools. */
export interface QuizToolsProps {
  quiz: QuizView;
  /** Called with the quiz as the server returned it after a close or a draw. */
  onDone: (quiz: QuizView) => void;
  /** Re-announce the quiz to the room; the button shows only when given. */
  onPrompt?: () => void;
}

/** Close and draw buttons, shown while the quiz waits for its draw and is not settling. */
export function QuizTools({ quiz, onDone, onPrompt }: QuizToolsProps) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  if (!awaitsDraw(quiz) || quiz.settling) return null;
  const name = (o: QuizOption) => (o === 1 ? quiz.option_a : quiz.option_b);
  const act = async (run: () => Promise<QuizView>, done: string) => {
    setBusy(true);
    try {
      onDone(await run());
      showToast(done, 'success');
    } catch (e) {
      showToast((e as Error).message, 'error');
    } finally {
      setBusy(false);
    }
  };
  const open = quiz.status === QUIZ_STATUS.open;
  return (
    <div className="qz-tools">
      {open && onPrompt ? (
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={onPrompt}>
          {t('quiz.prompt')}
        </button>
      ) : null}
      {open ? (
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={() => {
            if (confirm(t('quiz.closeConfirm', { question: quiz.question })))
              void act(() => closeQuiz(quiz.guess_id), t('quiz.closed'));
          }}
        >
          {t('quiz.closeEarly')}
        </button>
      ) : null}
      {([1, 2] as const).map((o) => (
        <button
          key={o}
          type="button"
          className={`btn qz-draw qz-draw-${o}`}
          disabled={busy}
          data-draw={o}
          onClick={() => {
            if (confirm(t('quiz.drawConfirm', { option: name(o) })))
              void act(() => drawQuiz(quiz.guess_id, o), t('quiz.drawn', { option: name(o) }));
          }}
        >
          {t('quiz.draw', { option: name(o) })}
        </button>
      ))}
    </div>
  );
}
