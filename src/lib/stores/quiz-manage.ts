/**
 * The quiz calls outside the room's socket: asking, closing and drawing (the anchor and the
 * room's managers, from the room or the management page), the administrators' cancellation, and
 * the pages' lists. Each answers the quiz or the page as the server returned it; refusals reject
 * with the server's message, for the island to show.
 */
import {
  quizApi,
  type BetHistoryEntry,
  type ManagedQuiz,
  type PublicQuiz,
  type QuizPage,
} from '../quiz/api.ts';
import type { CreateQuizInput } from '../quiz/rules.ts';
import type { QuizOption, QuizView } from '../quiz/types.ts';

/** An empty page, for a guest's lists (the calls need a login). */
const emptyPage = <T>(): QuizPage<T> => ({ list: [], total: 0, page: 1, size: 20 });

/** Asks a quiz in the caller's room (or `anchor_id`'s, for a manager). */
export function createQuiz(input: CreateQuizInput): Promise<QuizView> {
  return quizApi.create(input);
}

/** Stops betting early. */
export function closeQuiz(guessId: number): Promise<QuizView> {
  return quizApi.close(guessId);
}

/** Draws `winner` and pays the winners. */
export function drawQuiz(guessId: number, winner: QuizOption): Promise<QuizView> {
  return quizApi.draw(guessId, winner);
}

/** Cancels a quiz (administrators): refunds before the draw, takes winnings back after it. */
export function cancelQuiz(guessId: number): Promise<QuizView> {
  return quizApi.cancel(guessId);
}

/** Page `page` of the quizzes across rooms (/guessList), 12 to a page. */
export function loadPublicQuizzes(page: number): Promise<QuizPage<PublicQuiz>> {
  return quizApi.list(page, 12);
}

/** Page `page` of the viewer's bets; empty for a guest. */
export function loadMyBets(page: number, loggedIn: boolean): Promise<QuizPage<BetHistoryEntry>> {
  return loggedIn ? quizApi.mine(page) : Promise.resolve(emptyPage());
}

/** Page `page` of the calling anchor's quizzes; empty for a guest. */
export function loadManagedQuizzes(
  page: number,
  loggedIn: boolean,
): Promise<QuizPage<ManagedQuiz>> {
  return loggedIn ? quizApi.manage(page) : Promise.resolve(emptyPage());
}

/** Page `page` of every quiz (administrators), of one status when given; empty for a guest. */
export function loadAllQuizzes(
  page: number,
  loggedIn: boolean,
  status?: number,
): Promise<QuizPage<ManagedQuiz>> {
  return loggedIn ? quizApi.adminList(page, status) : Promise.resolve(emptyPage());
}
