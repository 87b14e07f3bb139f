/**
 * The quiz creation dialog (spec §2, §5): question (16 at most), option A and option B (8 at
 * most each), the live it belongs to (the current one), the live category, the minimum bet in
 * gems and the close time in minutes (10 at least). The same rules as the server, in the same
 * words; the server checks again and answers 'Creation failed: …' when it refuses.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  CLOSE_MIN_MINUTES,
  createQuizSchema,
  OPTION_MAX,
  QUESTION_MAX,
} from '../../lib/quiz/rules.ts';
import type { QuizView } from '../../lib/quiz/types.ts';
import { $liveCategories, loadQuizConfig } from '../../lib/stores/quiz.ts';
import { createQuiz } from '../../lib/stores/quiz-manage.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { firstIssueMessage } from '../../lib/validation/messages.ts';
import { Modal } from '../dialogs/Modal.tsx';
import { useT } from '../use-t.ts';
import './quiz.css';

/** Props of CreateQuizDialog. */
export interface CreateQuizDialogProps {
  /** The room to ask in; the caller's own room when absent. */
  anchorId?: number;
  /** The room's category, preselected. */
  categoryId?: number;
  onClose: () => void;
  onCreated: (quiz: QuizView) => void;
}

const chars = (s: string) => [...s.trim()].length;

/** The dialog. */
export function CreateQuizDialog({
  anchorId,
  categoryId,
  onClose,
  onCreated,
}: CreateQuizDialogProps) {
  const t = useT();
  const categories = useStore($liveCategories);
  const [question, setQuestion] = useState('');
  const [optionA, setOptionA] = useState('');
  const [optionB, setOptionB] = useState('');
  const [category, setCategory] = useState(categoryId ?? 0);
  const [minBet, setMinBet] = useState('1');
  const [minutes, setMinutes] = useState('15');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadQuizConfig();
  }, []);
  useEffect(() => {
    if (!category && categories[0]) setCategory(categoryId ?? categories[0].id);
  }, [categories, category, categoryId]);

  const submit = async () => {
    const gems = Number(minBet);
    const input = {
      ...(anchorId ? { anchor_id: anchorId } : {}),
      question,
      option_a: optionA,
      option_b: optionB,
      ...(category ? { category_id: category } : {}),
      min_bet: minBet.trim() === '' ? undefined : Math.round(gems * 100),
      close_minutes: minutes.trim() === '' ? undefined : Number(minutes),
    };
    const parsed = createQuizSchema.safeParse(input);
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error, t));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const quiz = await createQuiz(parsed.data);
      showToast(t('quiz.dialog.created'), 'success');
      onCreated(quiz);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Modal width={480} label={t('quiz.dialog.title')} onClose={onClose} className="qz-dialog">
      <h2 className="qz-dialog-title">{t('quiz.dialog.title')}</h2>
      <p className="qz-dialog-intro">{t('quiz.dialog.intro')}</p>
      <form
        className="qz-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="qz-field">
          <span>
            {t('quiz.dialog.question')}
            <small className={chars(question) > QUESTION_MAX ? 'qz-over' : ''}>
              {chars(question)}/{QUESTION_MAX}
            </small>
          </span>
          <input
            name="question"
            value={question}
            placeholder={t('quiz.dialog.questionHint')}
            onChange={(e) => setQuestion(e.target.value)}
            autoComplete="off"
          />
        </label>
        <div className="qz-row">
          {(
            [
              ['option_a', t('quiz.dialog.optionA'), optionA, setOptionA],
              ['option_b', t('quiz.dialog.optionB'), optionB, setOptionB],
            ] as const
          ).map(([name, label, value, set]) => (
            <label key={name} className={`qz-field qz-${name}`}>
              <span>
                {label}
                <small className={chars(value) > OPTION_MAX ? 'qz-over' : ''}>
                  {chars(value)}/{OPTION_MAX}
                </small>
              </span>
              <input
                name={name}
                value={value}
                placeholder={t('quiz.dialog.optionHint')}
                onChange={(e) => set(e.target.value)}
                autoComplete="off"
              />
            </label>
          ))}
        </div>
        <div className="qz-row">
          <label className="qz-field">
            <span>{t('quiz.dialog.live')}</span>
            <input name="live" value={t('quiz.dialog.liveNow')} readOnly />
          </label>
          <label className="qz-field">
            <span>{t('quiz.dialog.category')}</span>
            <select
              name="category_id"
              value={category}
              onChange={(e) => setCategory(Number(e.target.value))}
            >
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="qz-row">
          <label className="qz-field">
            <span>{t('quiz.dialog.minBet')}</span>
            <input
              name="min_bet"
              inputMode="numeric"
              value={minBet}
              onChange={(e) => setMinBet(e.target.value)}
            />
          </label>
          <label className="qz-field">
            <span>
              {t('quiz.dialog.closeMinutes')}
              <small>{t('quiz.dialog.closeHint')}</small>
            </span>
            <input
              name="close_minutes"
              inputMode="numeric"
              min={CLOSE_MIN_MINUTES}
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
            />
          </label>
        </div>
        {error ? (
          <p className="qz-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="qz-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('quiz.dialog.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('quiz.dialog.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
