/**
 * The quiz calls as the browser makes them (docs/realtime.md lists them): asking, closing and
 * drawing for the anchor and the room's managers, the lists of the pages, and the
 * administrators' cancellation, as endpoint descriptors. Bets are hub frames (see
 * src/lib/stores/quiz.ts).
 */
import { get, post } from '../api/endpoint.ts';
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

/** A quiz by id. */
export type QuizIdParams = { guess_id: number };
/** The draw: the quiz and its winning option. */
export type QuizDrawParams = { guess_id: number; winner: QuizOption };
/** A page of a list (the server's default size is 20). */
export type QuizPageParams = { page: number; size?: number };
/** A page of every quiz, of one status when given. */
export type AdminQuizPageParams = QuizPageParams & { status?: number };

export const quizApi = {
  /** Asks a quiz in the caller's room (or `anchor_id`'s, for a manager). */
  create: post<QuizView, CreateQuizInput>('/api/guess/create'),
  /** Stops betting early, for the anchor and the room's managers. */
  close: post<QuizView, QuizIdParams>('/api/guess/close'),
  /** Draws the winning option and pays the winners, for the anchor and the room's managers. */
  draw: post<QuizView, QuizDrawParams>('/api/guess/draw'),
  /** A room's quizzes (open first, then the latest settled), with the caller's stakes. */
  room: get<{ list: QuizView[] }, { anchor_id: number }>('/api/guess/room'),
  /** Quizzes across rooms, for /guessList. */
  list: get<QuizPage<PublicQuiz>, QuizPageParams>('/api/guess/list'),
  /** The caller's bets, newest first. */
  mine: get<QuizPage<BetHistoryEntry>, QuizPageParams>('/api/guess/mine'),
  /** The calling anchor's quizzes, newest first. */
  manage: get<QuizPage<ManagedQuiz>, QuizPageParams>('/api/guess/manage'),
  /** Every quiz, for administrators. */
  adminList: get<QuizPage<ManagedQuiz>, AdminQuizPageParams>('/api/admin/guess/list'),
  /** Cancels a quiz for administrators: refunds before the draw, takes winnings back after it. */
  cancel: post<QuizView, QuizIdParams>('/api/admin/guess/cancel'),
};
