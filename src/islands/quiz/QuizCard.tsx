/**
 * One quiz in the live room: question, status and countdown, both options with their pools,
 * bettors and live odds, the viewer's chips and custom amount while it takes bets, the viewer's
 * stake and result, and the anchor's and managers' tools (close early, draw, remind the room).
 */
import { useStore } from '@nanostores/react';
import { useState, type CSSProperties } from 'react';
import { formatMoney } from '../../lib/format.ts';
import { odds } from '../../lib/quiz/payout.ts';
import {
  BET_RESULT,
  isOpen,
  QUIZ_STATUS,
  type QuizOption,
  type QuizView,
} from '../../lib/quiz/types.ts';
import { $betting, $chips, placeBet, promptQuiz, rememberQuiz } from '../../lib/stores/quiz.ts';
import { showToast } from '../../lib/stores/toast.ts';
import { useT } from '../use-t.ts';
import { QuizTools } from './QuizTools.tsx';

/** "12:34" or "1:02:03" until `at`. */
export function countdown(at: number, now: number): string {
  const s = Math.max(0, Math.floor((at - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** Props of QuizCard. */
export interface QuizCardProps {
  quiz: QuizView;
  now: number;
  /** The viewer runs the room (anchor, manager, administrator). */
  manager: boolean;
  loggedIn: boolean;
  highlighted: boolean;
}

function OptionSide({
  quiz,
  option,
  selected,
  onSelect,
  canPick,
}: {
  quiz: QuizView;
  option: QuizOption;
  selected: boolean;
  onSelect: () => void;
  canPick: boolean;
}) {
  const t = useT();
  const name = option === 1 ? quiz.option_a : quiz.option_b;
  const pool = option === 1 ? quiz.pool_a : quiz.pool_b;
  const bettors = option === 1 ? quiz.bettors_a : quiz.bettors_b;
  const value = odds(quiz.pool_a, quiz.pool_b, option, quiz.fee_bp);
  const won = quiz.winner === option;
  const mine = quiz.mine?.option === option;
  return (
    <button
      type="button"
      className={`qz-opt qz-opt-${option} qz-side${selected ? ' is-selected' : ''}${won ? ' is-winner' : ''}${mine ? ' is-mine' : ''}`}
      aria-pressed={selected}
      disabled={!canPick}
      onClick={onSelect}
      data-option={option}
    >
      <span className="qz-opt-name">
        <b>{option === 1 ? 'A' : 'B'}</b> {name}
      </span>
      <span className="qz-opt-odds" data-odds={option}>
        {value === null ? t('quiz.noOdds') : t('quiz.odds', { odds: value.toFixed(2) })}
      </span>
      <span className="qz-opt-pool">
        {formatMoney(pool)} · {t('quiz.bettors', { count: bettors })}
      </span>
    </button>
  );
}

/** A quiz card. */
export function QuizCard({ quiz, now, manager, loggedIn, highlighted }: QuizCardProps) {
  const t = useT();
  const chips = useStore($chips);
  const betting = useStore($betting);
  const open = isOpen(quiz, now);
  const [pick, setPick] = useState<QuizOption | null>(quiz.mine?.option ?? null);
  const [custom, setCustom] = useState('');
  const side = quiz.mine?.option ?? pick;
  const total = quiz.pool_a + quiz.pool_b;
  const share = total > 0 ? Math.round((quiz.pool_a / total) * 100) : 50;
  const canBet = open && !manager;

  const bet = (amount: number) => {
    if (!side) return;
    if (!Number.isInteger(amount) || amount < quiz.min_bet) {
      showToast(t('quiz.errors.belowMin', { min: quiz.min_bet / 100 }), 'error');
      return;
    }
    placeBet(quiz.guess_id, side, amount);
  };

  const optionName = (o: QuizOption) => (o === 1 ? quiz.option_a : quiz.option_b);
  const stateText = quiz.settling
    ? t('quiz.settling')
    : open
      ? t('quiz.closesIn', { time: countdown(quiz.closes_at, now) })
      : t(`quiz.status.${quiz.status}`);

  return (
    <article
      className={`qz-card s${quiz.status}${highlighted ? ' is-prompted' : ''}`}
      data-quiz={quiz.guess_id}
      data-status={quiz.status}
    >
      <header className="qz-card-head">
        <h3>{quiz.question}</h3>
        <span className={`qz-pill s${quiz.status}`}>{t(`quiz.status.${quiz.status}`)}</span>
      </header>
      <p className="qz-when" aria-live="off">
        {stateText}
        <span className="qz-min"> · {t('quiz.minBet', { amount: formatMoney(quiz.min_bet) })}</span>
      </p>
      <div className="qz-sides">
        {([1, 2] as const).map((o) => (
          <OptionSide
            key={o}
            quiz={quiz}
            option={o}
            selected={side === o}
            canPick={canBet && (quiz.mine?.option ?? o) === o}
            onSelect={() => (loggedIn ? setPick(o) : placeBet(quiz.guess_id, o, 0))}
          />
        ))}
      </div>
      <div
        className="qz-bar"
        style={{ '--share': `${share}%` } as CSSProperties}
        aria-hidden="true"
      >
        <span />
      </div>
      {canBet && side ? (
        <div className="qz-bet" data-bet-form>
          <div
            className="qz-chips"
            role="group"
            aria-label={t('quiz.betOn', { option: optionName(side) })}
          >
            {chips
              .filter((c) => c >= quiz.min_bet)
              .map((c) => (
                <button
                  key={c}
                  type="button"
                  className="qz-chip"
                  disabled={betting !== null}
                  onClick={() => bet(c)}
                  data-chip={c}
                >
                  {formatMoney(c).replace(/\.00$/, '')}
                </button>
              ))}
          </div>
          <form
            className="qz-custom"
            onSubmit={(e) => {
              e.preventDefault();
              bet(Math.round(Number(custom) * 100));
            }}
          >
            <input
              inputMode="numeric"
              placeholder={t('quiz.custom')}
              aria-label={t('quiz.customLabel', { option: optionName(side) })}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
            />
            <button
              type="submit"
              className="btn btn-primary"
              disabled={betting !== null || !custom}
            >
              {t('quiz.bet')}
            </button>
          </form>
        </div>
      ) : null}
      {canBet && !side && !loggedIn ? <p className="qz-hint">{t('quiz.loginToBet')}</p> : null}
      {quiz.mine ? (
        <p className={`qz-mine r${quiz.mine.result}`} data-mine>
          {quiz.mine.result === BET_RESULT.won
            ? t('quiz.youWon', { amount: formatMoney(quiz.mine.payout) })
            : t('quiz.yourStake', {
                amount: formatMoney(quiz.mine.amount),
                option: optionName(quiz.mine.option),
              })}
          {quiz.mine.result !== BET_RESULT.toDraw && quiz.mine.result !== BET_RESULT.won ? (
            <b> · {t(`quiz.result.${quiz.mine.result}`)}</b>
          ) : null}
        </p>
      ) : null}
      {quiz.winner && quiz.status === QUIZ_STATUS.drawn ? (
        <p className="qz-winner">{t('quiz.winner', { option: optionName(quiz.winner) })}</p>
      ) : null}
      {manager ? (
        <QuizTools quiz={quiz} onDone={rememberQuiz} onPrompt={() => promptQuiz(quiz.guess_id)} />
      ) : null}
    </article>
  );
}
