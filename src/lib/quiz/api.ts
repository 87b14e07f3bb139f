/**
 * The quiz calls as the browser makes them (docs/realtime.md lists them): asking, closing and
 * drawing for the anchor and the room's managers, the lists of the pages, and the
 * administrators' cancellation. Bets are hub frames (see src/lib/stores/quiz.ts).
 */
import { call } from '../api/client.ts';
import type { CreateQuizInput } from './rules.ts';
import type { QuizOption, QuizStakeView, QuizView } from './types.ts';

/** A page of a list with its total. */
export interface QuizPage<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
}

/** A quiz on /guessList: with whether its room is live. */
export type PublicQuiz = QuizView & { room_live: boolean };
/** A quiz as the anchor and administrators manage it: with its number of bets. */
export type ManagedQuiz = QuizView & { bets: number };
/** One quiz the viewer bet on, with the stake and what it paid. */
export type BetHistoryEntry = QuizStakeView & { debt: number; placed_at: number; guess: QuizView };

export const quizApi = {
  /** POST /api/guess/create: asks a quiz in the caller's room (or `anchor_id`'s, for a manager). */
  create: (input: CreateQuizInput) => call<QuizView>('post', '/api/guess/create', { ...input }),
  /** POST /api/guess/close: stops betting early. */
  close: (guessId: number) => call<QuizView>('post', '/api/guess/close', { guess_id: guessId }),
  /** POST /api/guess/draw: draws the winning option and pays the winners. */
  draw: (guessId: number, winner: QuizOption) =>
    call<QuizView>('post', '/api/guess/draw', { guess_id: guessId, winner }),
  /** GET /api/guess/room: a room's quizzes (open first, then the latest settled), with the caller's stakes. */
  room: (anchorId: number) =>
    call<{ list: QuizView[] }>('get', '/api/guess/room', { anchor_id: anchorId }),
  /** GET /api/guess/list: quizzes across rooms for /guessList. */
  list: (page: number, size = 20) =>
    call<QuizPage<PublicQuiz>>('get', '/api/guess/list', { page, size }),
  /** GET /api/guess/mine: the caller's bets, newest first. */
  mine: (page: number, size = 20) =>
    call<QuizPage<BetHistoryEntry>>('get', '/api/guess/mine', { page, size }),
  /** GET /api/guess/manage: the calling anchor's quizzes, newest first. */
  manage: (page: number, size = 20) =>
    call<QuizPage<ManagedQuiz>>('get', '/api/guess/manage', { page, size }),
  /** GET /api/admin/guess/list: every quiz, for administrators. */
  adminList: (page: number, status?: number, size = 20) =>
    call<QuizPage<ManagedQuiz>>('get', '/api/admin/guess/list', {
      page,
      size,
      ...(status ? { status } : {}),
    }),
  /** POST /api/admin/guess/cancel: cancels before the draw (refunds) or after it (takes winnings back). */
  cancel: (guessId: number) =>
    call<QuizView>('post', '/api/admin/guess/cancel', { guess_id: guessId }),
};
