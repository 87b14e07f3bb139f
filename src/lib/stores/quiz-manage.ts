/**
 * The quiz calls outside the room's socket: asking, closing and drawing (the anchor and the
 * room's managers, from the room or the management page), the administrators' cancellation, and
 * the pages' lists. Each answers the quiz or the page as the server returned it; refusals reject
 * with the server's message, for the island to show.
 */
import { send } from '../api/client.ts';
import {
  quizApi,
  type BetHistoryEntry,
  type ManagedQuiz,
  type PublicQuiz,
  type QuizPage,
} from '../quiz/api.ts';
import type { CreateQuizInput } from '../quiz/rules.ts';
import type { QuizOption, QuizView } from '../quiz/types.ts';

/** Quizzes to a page of the lists but /guessList's. */
const PAGE_SIZE = 20;

/** An empty page, for a guest's lists (the calls need a login). */
const emptyPage = <T>(): QuizPage<T> => ({ list: [], total: 0, page: 1, size: PAGE_SIZE });

/** Asks a quiz in the caller's room (or `anchor_id`'s, for a manager). */
export function createQuiz(input: CreateQuizInput): Promise<QuizView> {
  return send(quizApi.create, input);
}

/** Stops betting early. */
export function closeQuiz(guessId: number): Promise<QuizView> {
  return send(quizApi.close, { guess_id: guessId });
}

/** Draws `winner` and pays the winners. */
export function drawQuiz(guessId: number, winner: QuizOption): Promise<QuizView> {
  return send(quizApi.draw, { guess_id: guessId, winner });
}

/** Cancels a quiz (administrators): refunds before the draw, takes winnings back after it. */
export function cancelQuiz(guessId: number): Promise<QuizView> {
  return send(quizApi.cancel, { guess_id: guessId });
}

/** Page `page` of the quizzes across rooms (/guessList), 12 to a page. */
export function loadPublicQuizzes(page: number): Promise<QuizPage<PublicQuiz>> {
  return send(quizApi.list, { page, size: 12 });
}

/** Page `page` of the viewer's bets; empty for a guest. */
export function loadMyBets(page: number, loggedIn: boolean): Promise<QuizPage<BetHistoryEntry>> {
  return loggedIn ? send(quizApi.mine, { page, size: PAGE_SIZE }) : Promise.resolve(emptyPage());
}

/** Page `page` of the calling anchor's quizzes; empty for a guest. */
export function loadManagedQuizzes(
  page: number,
  loggedIn: boolean,
): Promise<QuizPage<ManagedQuiz>> {
  return loggedIn ? send(quizApi.manage, { page, size: PAGE_SIZE }) : Promise.resolve(emptyPage());
}

/** Page `page` of every quiz (administrators), of one status when given; empty for a guest. */
export function loadAllQuizzes(
  page: number,
  loggedIn: boolean,
  status?: number,
): Promise<QuizPage<ManagedQuiz>> {
  return loggedIn
    ? send(quizApi.adminList, { page, size: PAGE_SIZE, ...(status ? { status } : {}) })
    : Promise.resolve(emptyPage());
}
