/**
 * What the rooms hear about quizzes over the bus: `quiz` when one opens, stops taking bets, is
 * re-announced (quizPrompt) or its pools change (at most once a second per quiz), and
 * `guessSettled` when it is drawn or cancelled, to the room and to each bettor in it with their
 * own result and balance.
 */
import { SERVER_FRAME } from '../../lib/realtime/protocol/index.ts';
import type { GuessSettledData, QuizFrameData, QuizView } from '../../lib/quiz/types.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { tellBettors } from '../messaging/system.ts';
import type { Bus } from '../shared/bus.ts';
import type { Settled } from './settle.ts';
import { quizzesByIds } from './views.ts';

/** Why a `quiz` frame was sent. */
export type QuizMessage = 'open' | 'update' | 'prompt' | 'closed';

/** Sends `quiz` to the quiz's room. */
export function announceQuiz(bus: Bus, quiz: QuizView, message: QuizMessage): void {
  const data: QuizFrameData = { guess_id: quiz.guess_id, message, guess: quiz };
  bus.publish({ kind: 'room', anchorId: quiz.anchor_id, frame: { type: SERVER_FRAME.quiz, data } });
}

/**
 * Sends `guessSettled` to the room, and to each bettor in it their own result and balance; every
 * bettor also finds the result in their system conversation.
 */
export function announceSettled(db: Db, bus: Bus, settled: Settled): void {
  void tellBettors(db, bus, settled.quiz, settled.results).catch((error: unknown) =>
    log('warn', 'quiz_result_messages_failed', {
      quizId: settled.quiz.guess_id,
      error: String(error),
    }),
  );
  const { quiz, results } = settled;
  const room: GuessSettledData = { guess_id: quiz.guess_id, guess: quiz };
  bus.publish({
    kind: 'room',
    anchorId: quiz.anchor_id,
    frame: { type: SERVER_FRAME.guessSettled, data: room },
  });
  if (results.length === 0) return;
  bus.publish({
    kind: 'roomUsers',
    anchorId: quiz.anchor_id,
    frames: results.map((r) => {
      const data: GuessSettledData = {
        guess_id: quiz.guess_id,
        guess: { ...quiz, mine: r.stake },
        mine: { ...r.stake, ...(r.bal ? { bal: r.bal } : {}) },
      };
      return { userId: r.userId, frame: { type: SERVER_FRAME.guessSettled, data } };
    }),
  });
}

/** How often changed pools are announced. */
export const POOL_ANNOUNCE_MS = 1_000;

/**
 * Collects quizzes whose pools changed and announces each at most once per interval, read fresh
 * from the database so every process announces what was committed.
 */
export function createPoolTicker(db: Db, bus: Bus, everyMs = POOL_ANNOUNCE_MS) {
  const dirty = new Set<number>();
  let busy = false;
  const timer = setInterval(() => {
    if (busy || dirty.size === 0) return;
    const ids = [...dirty];
    dirty.clear();
    busy = true;
    quizzesByIds(db, ids)
      .then((list) => {
        for (const quiz of list) announceQuiz(bus, quiz, 'update');
      })
      .catch((error: unknown) => log('warn', 'quiz_pools_failed', { error: String(error) }))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  return {
    /** Notes that quiz `id`'s pools changed. */
    mark: (id: number) => dirty.add(id),
    stop: () => clearInterval(timer),
  };
}
