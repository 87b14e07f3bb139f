/**
 * Quizzes in the live room: the room's list (from loginRep, kept current by the hub's `quiz` and
 * `guessSettled` frames), the config's chips, betting over the room's socket with a
 * client_msg_id, and the answers: `betRep` updates the viewer's stake and the wallet; a
 * `guessSettled` with the viewer's own result shows it and updates the wallet. A refusal ends the
 * bet under way when it names the bet's client_msg_id (or names none and is of a bet's kind); the
 * room store shows it (its message comes from the hub).
 */
import { atom } from 'nanostores';
import { send } from '../api/client.ts';
import { configApi } from '../config/api.ts';
import { formatMoney } from '../format.ts';
import { createI18n } from '../i18n/index.ts';
import {
  CLIENT_FRAME,
  REALTIME_ERROR,
  SERVER_FRAME,
  type ErrorData,
} from '../realtime/protocol/index.ts';
import {
  BET_RESULT,
  type GuessSettledData,
  type QuizOption,
  type QuizView,
} from '../quiz/types.ts';
import { openLogin } from './dialogs.ts';
import { currentRoomId, onRoomFrame, sendRoomFrame } from './live-room.ts';
import { $locale } from './locale.ts';
import { $loggedIn } from './session.ts';
import { showToast } from './toast.ts';
import { setWalletBalance } from './wallet.ts';

/** The room's quizzes: open and awaiting the draw first, newest first. */
export const $roomQuizzes = atom<QuizView[]>([]);
/** Chip amounts of the config (minor units). */
export const $chips = atom<number[]>([100, 500, 1000, 5000, 10000]);
/** Live categories of the config, for the creation dialog. */
export const $liveCategories = atom<{ id: number; name: string }[]>([]);
/** The quiz a bet is being placed on, until its answer. */
export const $betting = atom<number | null>(null);
/** The quiz the anchor or a manager asked the room to look at again (highlighted for a while). */
export const $promptedQuiz = atom<number | null>(null);

const t = () => createI18n($locale.get());
const BET_TIMEOUT_MS = 10_000;
const PROMPT_HIGHLIGHT_MS = 8_000;
let betTimer: ReturnType<typeof setTimeout> | undefined;
/** The client_msg_id of the bet under way, which its refusal names. */
let betMessageId: string | undefined;
let promptTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps open quizzes first, then the rest, newest first within each. */
export function sortQuizzes(list: QuizView[]): QuizView[] {
  const rank = (q: QuizView) => (q.status <= 3 || q.settling ? 0 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b) || b.guess_id - a.guess_id);
}

/** Puts `quiz` in the list (replacing the same id), keeping the viewer's stake when it has none. */
export function upsertQuiz(list: QuizView[], quiz: QuizView): QuizView[] {
  const old = list.find((q) => q.guess_id === quiz.guess_id);
  const merged =
    quiz.mine === undefined && old?.mine !== undefined ? { ...quiz, mine: old.mine } : quiz;
  return sortQuizzes([merged, ...list.filter((q) => q.guess_id !== quiz.guess_id)]);
}

function optionName(quiz: QuizView, option: QuizOption): string {
  return option === 1 ? quiz.option_a : quiz.option_b;
}

function endBet(): void {
  clearTimeout(betTimer);
  betMessageId = undefined;
  $betting.set(null);
}

/** True when an error frame refuses the bet under way. */
function refusesBet(error: ErrorData): boolean {
  if ($betting.get() === null) return false;
  // A refusal that names its action is this bet's when it names this bet's id.
  if (error.client_msg_id !== undefined) return error.client_msg_id === betMessageId;
  return (
    error.code === REALTIME_ERROR.insufficientBalance ||
    error.code === REALTIME_ERROR.refusedBet ||
    error.code === REALTIME_ERROR.badFrame ||
    error.code === REALTIME_ERROR.forbidden
  );
}

function onSettled(data: GuessSettledData): void {
  $roomQuizzes.set(upsertQuiz($roomQuizzes.get(), data.guess));
  const mine = data.mine;
  if (!mine) return;
  if (mine.bal) setWalletBalance({ gold: mine.bal.gold, diamond: mine.bal.diamond });
  const tr = t();
  const amount = formatMoney(mine.payout);
  if (mine.result === BET_RESULT.won) showToast(tr('quiz.youWon', { amount }), 'success');
  else if (mine.result === BET_RESULT.refunded) showToast(tr('quiz.refunded', { amount }), 'info');
  else if (mine.result === BET_RESULT.lost) showToast(tr('quiz.youLost'), 'info');
}

onRoomFrame((frame) => {
  switch (frame.type) {
    case SERVER_FRAME.loginRep:
      $roomQuizzes.set(sortQuizzes(frame.data.guess ?? []));
      return;
    case SERVER_FRAME.quiz: {
      const data = frame.data;
      $roomQuizzes.set(upsertQuiz($roomQuizzes.get(), data.guess));
      if (data.message === 'prompt') {
        $promptedQuiz.set(data.guess_id);
        clearTimeout(promptTimer);
        promptTimer = setTimeout(() => $promptedQuiz.set(null), PROMPT_HIGHLIGHT_MS);
        showToast(t()('quiz.promptBanner', { question: data.guess.question }), 'info');
      }
      return;
    }
    case SERVER_FRAME.guessSettled:
      onSettled(frame.data);
      return;
    case SERVER_FRAME.betRep: {
      const rep = frame.data;
      endBet();
      setWalletBalance({ gold: rep.bal.gold, diamond: rep.bal.diamond });
      const list = $roomQuizzes.get();
      const quiz = list.find((q) => q.guess_id === rep.guess_id);
      if (quiz) {
        $roomQuizzes.set(upsertQuiz(list, { ...quiz, mine: rep.stake }));
        showToast(
          t()('quiz.placed', {
            amount: formatMoney(rep.stake.amount),
            option: optionName(quiz, rep.stake.option),
          }),
          'success',
        );
      }
      return;
    }
    case SERVER_FRAME.error:
      if (refusesBet(frame.data)) endBet();
      return;
  }
});

/**
 * Bets `amount` (minor units) on `option` of quiz `guessId`. Guests are asked to log in. Returns
 * true when the bet was sent; the answer arrives as betRep or an error.
 */
export function placeBet(guessId: number, option: QuizOption, amount: number): boolean {
  if (!$loggedIn.get()) {
    openLogin();
    return false;
  }
  if ($betting.get() !== null) return false;
  const clientMsgId = crypto.randomUUID();
  const sent = sendRoomFrame(CLIENT_FRAME.bet, {
    guess_id: guessId,
    option,
    amount,
    client_msg_id: clientMsgId,
  });
  if (!sent) return false;
  betMessageId = clientMsgId;
  $betting.set(guessId);
  clearTimeout(betTimer);
  betTimer = setTimeout(endBet, BET_TIMEOUT_MS);
  return true;
}

/** Anchor or manager: shows quiz `guessId` to the room again (the hub answers quizPrompt). */
export function promptQuiz(guessId: number): boolean {
  return sendRoomFrame(CLIENT_FRAME.quizPrompt, {
    guess_id: guessId,
    groupId: String(currentRoomId()),
  });
}

/** Puts a quiz the page got from a call (create, close, draw) into the room's list. */
export function rememberQuiz(quiz: QuizView): void {
  $roomQuizzes.set(upsertQuiz($roomQuizzes.get(), quiz));
}

let configLoaded: Promise<void> | undefined;

/** Loads the chips and live categories of the common config once per page. */
export function loadQuizConfig(): Promise<void> {
  configLoaded ??= send(configApi.common)
    .then((data) => {
      if (Array.isArray(data.chips) && data.chips.length) $chips.set(data.chips);
      $liveCategories.set((data.live_category ?? []).map((c) => ({ id: c.id, name: c.name })));
    })
    .catch(() => {
      configLoaded = undefined;
    });
  return configLoaded;
}
