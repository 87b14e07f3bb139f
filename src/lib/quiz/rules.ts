/**
 * Quiz validation (spec §5, §9), shared by the creation dialog and the API: question up to 16
 * characters, each option up to 8, a minimum bet, a live category, and a close time of at least
 * 10 minutes; and the bets viewers place.
 */
import { z } from 'zod';
import { clientMsgIdSchema } from '../realtime/client-msg-id.ts';
import { wholeNumber } from '../validation/numbers.ts';
import { isBlank } from '../rules/text.ts';

/** Longest question, characters. */
export const QUESTION_MAX = 16;
/** Longest option, characters. */
export const OPTION_MAX = 8;
/** Shortest close time, minutes. */
export const CLOSE_MIN_MINUTES = 10;
/** Longest close time, minutes (a day). */
export const CLOSE_MAX_MINUTES = 24 * 60;
/** Smallest minimum bet, minor units (one gem). */
export const MIN_BET_FLOOR = 100;
/** Largest single bet, minor units (a million gems). */
export const BET_MAX = 100_000_000;
/** Quizzes a room may have taking bets or waiting for the draw at once. */
export const OPEN_QUIZZES_MAX = 3;

const chars = (s: string) => [...s].length;

function text(max: number, requiredKey: string, tooLongKey: string) {
  return z
    .string({ error: requiredKey })
    .transform((s) => s.trim())
    .refine((s) => !isBlank(s), { error: requiredKey })
    .refine((s) => chars(s) <= max, { error: tooLongKey, params: { max } });
}

/** The quiz creation dialog's fields; amounts in minor units. */
export const createQuizSchema = z.object({
  /** The room (anchor id); a manager creates in the room they manage. */
  anchor_id: wholeNumber(1).optional(),
  question: text(QUESTION_MAX, 'quiz.errors.questionRequired', 'quiz.errors.questionTooLong'),
  option_a: text(OPTION_MAX, 'quiz.errors.optionRequired', 'quiz.errors.optionTooLong'),
  option_b: text(OPTION_MAX, 'quiz.errors.optionRequired', 'quiz.errors.optionTooLong'),
  category_id: wholeNumber(1, 1_000_000).optional(),
  min_bet: z
    .number({ error: 'quiz.errors.minBetRequired' })
    .int({ error: 'quiz.errors.minBetRange' })
    .min(MIN_BET_FLOOR, { error: 'quiz.errors.minBetRange' })
    .max(BET_MAX, { error: 'quiz.errors.minBetRange' }),
  close_minutes: z
    .number({ error: 'quiz.errors.closeRequired' })
    .int({ error: 'quiz.errors.closeMin' })
    .min(CLOSE_MIN_MINUTES, { error: 'quiz.errors.closeMin' })
    .max(CLOSE_MAX_MINUTES, { error: 'quiz.errors.closeMax' }),
});

/** What the creation dialog sends. */
export type CreateQuizInput = z.input<typeof createQuizSchema>;

/** A quiz by id. */
export const quizIdSchema = z.object({ guess_id: wholeNumber(1) });

/** The anchor's draw: the winning option. */
export const drawSchema = z.object({
  guess_id: wholeNumber(1),
  winner: z.union([z.literal(1), z.literal(2)], { error: 'quiz.errors.badOption' }),
});

/** A page of a list. */
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(20),
});

/** A room's quizzes. */
export const roomQuizzesSchema = z.object({
  anchor_id: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** The hub's `bet` frame. */
export const betSchema = z.object({
  guess_id: wholeNumber(1),
  option: z.union([z.literal(1), z.literal(2)]),
  amount: wholeNumber(1, BET_MAX),
  client_msg_id: clientMsgIdSchema,
});
