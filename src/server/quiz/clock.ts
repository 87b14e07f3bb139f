/**
 * The quiz clock of a server process: every second it stops betting on quizzes whose close time
 * has passed (and tells their rooms); at start it finishes draws and cancellations a stop or a
 * crash left half-done. Several processes may run it: each quiz is closed by one statement, and
 * settlements are safe to run twice.
 */
import { log } from '../log.ts';
import type { Runtime } from '../runtime.ts';
import { announceQuiz, announceSettled } from './announce.ts';
import { closeDueQuizzes } from './service.ts';
import { pendingJobs, runJob } from './settle.ts';
import { quizzesByIds } from './views.ts';

/** How often close times are checked. */
export const QUIZ_TICK_MS = 1_000;

/** Runs the settlement of quiz `id` and announces it; failures are logged and left for a retry. */
export async function settleAndAnnounce(rt: Runtime, id: number): Promise<void> {
  try {
    const settled = await runJob(rt.db, id);
    if (settled) announceSettled(rt.db, rt.bus, settled);
  } catch (error) {
    log('error', 'quiz_settlement_failed', { quizId: id, error: String(error) });
  }
}

/** Starts the clock; returns its stop. */
export function startQuizClock(rt: Runtime, everyMs = QUIZ_TICK_MS): () => void {
  let busy = false;
  const tick = async () => {
    const closed = await closeDueQuizzes(rt.db);
    for (const quiz of await quizzesByIds(rt.db, closed)) announceQuiz(rt.bus, quiz, 'closed');
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    tick()
      .catch((error: unknown) => log('warn', 'quiz_clock_failed', { error: String(error) }))
      .finally(() => {
        busy = false;
      });
  }, everyMs);
  timer.unref();
  pendingJobs(rt.db)
    .then(async (ids) => {
      for (const id of ids) {
        log('info', 'quiz_settlement_resumed', { quizId: id });
        await settleAndAnnounce(rt, id);
      }
    })
    .catch((error: unknown) => log('warn', 'quiz_resume_failed', { error: String(error) }));
  return () => clearInterval(timer);
}
