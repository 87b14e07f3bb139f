/**
 * Quizzes as the API and the hub carry them (spec §3 quiz, §4 statuses and bet results), shared
 * by the server and the browser.
 */

/**
 * Quiz statuses (spec §4). A quiz takes bets while open; it stops at its close time (toDraw) or
 * when the anchor closes it early (closed); the anchor then draws the winning option (drawn).
 * An administrator cancels before the draw (cancelled: stakes refunded) or after it (revoked,
 * "cancellation after draw": winnings taken back, stakes refunded).
 */
export const QUIZ_STATUS = {
  open: 1,
  toDraw: 2,
  closed: 3,
  cancelled: 4,
  drawn: 5,
  revoked: 6,
} as const;

/** One of QUIZ_STATUS. */
export type QuizStatus = (typeof QUIZ_STATUS)[keyof typeof QUIZ_STATUS];

/** Results of a viewer's stake (spec §4 bet results). */
export const BET_RESULT = {
  toDraw: 1,
  lost: 2,
  won: 3,
  /** A draw or a cancellation is being settled. */
  calculating: 4,
  refunded: 5,
  /** Cancellation after the draw: the winnings were taken back, the stake refunded. */
  withdrawn: 6,
} as const;

/** One of BET_RESULT. */
export type BetResult = (typeof BET_RESULT)[keyof typeof BET_RESULT];

/** The two options: 1 is A, 2 is B. */
export type QuizOption = 1 | 2;

/** A viewer's own stake in a quiz. */
export interface QuizStakeView {
  option: QuizOption;
  /** Total staked, minor units. */
  amount: number;
  bets: number;
  result: BetResult;
  /** What the draw paid or the cancellation refunded, minor units. */
  payout: number;
}

/** A quiz as lists, the room and the hub show it. */
export interface QuizView {
  guess_id: number;
  anchor_id: number;
  anchor_name: string;
  question: string;
  option_a: string;
  option_b: string;
  /** Smallest bet, minor units. */
  min_bet: number;
  category_id: number | null;
  status: QuizStatus;
  /** True while a draw or cancellation is being paid out. */
  settling: boolean;
  /** 1 or 2 once drawn. */
  winner: QuizOption | null;
  pool_a: number;
  pool_b: number;
  bettors_a: number;
  bettors_b: number;
  /** Platform fee, basis points. */
  fee_bp: number;
  /** Close time, ms. */
  closes_at: number;
  created_at: number;
  settled_at: number | null;
  /** The caller's stake, when logged in and staked. */
  mine?: QuizStakeView | null;
}

/** Data of the hub's `quiz` frame (spec §3 Quiz: guess_id, message, guess). */
export interface QuizFrameData {
  guess_id: number;
  /** Why it was sent: 'open' | 'update' | 'prompt' | 'closed'. */
  message: string;
  guess: QuizView;
}

/** Data of `guessSettled`: the quiz and, for a bettor, their own result and balance. */
export interface GuessSettledData {
  guess_id: number;
  guess: QuizView;
  mine?: QuizStakeView & { bal?: { gold: number; diamond: number } };
}

/** Data of the client's `bet` frame. */
export interface BetRequest {
  guess_id: number;
  option: QuizOption;
  /** Minor units of gold. */
  amount: number;
  /** Unique per press of a chip; a repeat is applied once. */
  client_msg_id: string;
}

/** Data of `betRep`: the bettor's stake after the bet and the new balance. */
export interface BetRepData {
  client_msg_id: string;
  guess_id: number;
  stake: QuizStakeView;
  bal: { gold: number; diamond: number };
}

/** True while the quiz takes bets. */
export function isOpen(quiz: Pick<QuizView, 'status' | 'closes_at'>, now = Date.now()): boolean {
  return quiz.status === QUIZ_STATUS.open && quiz.closes_at > now;
}

/** True before the draw, while the anchor may still draw it. */
export function awaitsDraw(quiz: Pick<QuizView, 'status'>): boolean {
  return (
    quiz.status === QUIZ_STATUS.open ||
    quiz.status === QUIZ_STATUS.toDraw ||
    quiz.status === QUIZ_STATUS.closed
  );
}
