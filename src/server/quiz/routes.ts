/**
 * Quiz calls (docs/realtime.md lists them with the hub's quiz frames). Under /api/guess:
 * create, close and draw for the anchor and the room's managers; room, list (across rooms),
 * mine (the caller's bets) and manage (the anchor's quizzes). Under /api/admin/guess: list and
 * cancel, for administrators. Bets are hub frames (`bet`).
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ROLE } from '../db/schema.ts';
import type { ApiEnv } from '../http/api-env.ts';
import { actorOf } from '../staff/guard.ts';
import { ApiError, ok } from '../http/envelope.ts';
import { requireUser } from '../http/middleware.ts';
import { rateLimit } from '../shared/limits.ts';
import { input } from '../http/validate.ts';
import {
  createQuizSchema,
  drawSchema,
  pageSchema,
  quizIdSchema,
  roomQuizzesSchema,
} from '../../lib/quiz/rules.ts';
import { QUIZ_STATUS } from '../../lib/quiz/types.ts';
import { announceQuiz, announceSettled } from './announce.ts';
import { allQuizzes, anchorQuizzes, publicQuizzes, userBets } from './lists.ts';
import { closeQuiz, createQuiz, managesRoom, QuizError } from './service.ts';
import { cancelQuiz } from './cancel.ts';
import { runJob, startDraw } from './settle.ts';
import { findQuiz, quizzesByIds, roomQuizIds } from './views.ts';
import { routeOf } from '../http/endpoint-routes.ts';
import { quizApi } from '../../lib/quiz/api.ts';

/** What failed, for the refusal's message: 'Creation failed: …', 'Closing failed: …' (spec §8). */
type Action = 'create' | 'close' | 'draw' | 'cancel';

/** Runs `work`, answering a QuizError as a refusal: the action's failure, then the reason. */
async function refusing<T>(c: Context<ApiEnv>, action: Action, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof QuizError)) throw error;
    const t = c.get('t');
    throw new ApiError(`${t(`quiz.failed.${action}`)}: ${t(error.key)}`, { literal: true });
  }
}

const requireAdmin: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.get('user')?.role !== ROLE.admin) throw new ApiError('quiz.errors.adminOnly');
  await next();
};

const adminListSchema = pageSchema.extend({
  status: z.coerce.number().int().min(1).max(6).optional(),
});

/** The prefix app.ts mounts quizRoutes under. */
export const QUIZ_MOUNT = '/api/guess';

/** The quiz calls, mounted at /api/guess. */
export function quizRoutes() {
  // A person asks a few quizzes a live; a script many.
  const creations = rateLimit('quiz.creations', 10, 10 * 60_000);
  const actions = rateLimit('quiz.actions', 60, 60_000);
  return new Hono<ApiEnv>()
    .on(...routeOf(QUIZ_MOUNT, quizApi.create), requireUser, async (c) => {
      const user = c.get('user')!;
      if (!(await creations.take(c.get('rt'), String(user.id))))
        throw new ApiError('errors.tooMany', { httpStatus: 429 });
      const form = await input(c, createQuizSchema);
      const { db, bus, env } = c.get('rt');
      const quiz = await refusing(c, 'create', () =>
        createQuiz(db, {
          anchorId: form.anchor_id ?? user.id,
          byUserId: user.id,
          question: form.question,
          optionA: form.option_a,
          optionB: form.option_b,
          categoryId: form.category_id,
          minBet: form.min_bet,
          closeMinutes: form.close_minutes,
          feeBp: env.quizFeeBp,
        }),
      );
      announceQuiz(bus, quiz, 'open');
      return ok(c, quiz);
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.close), requireUser, async (c) => {
      const user = c.get('user')!;
      await actions.enforce(c.get('rt'), String(user.id));
      const { guess_id } = await input(c, quizIdSchema);
      const { db, bus } = c.get('rt');
      const quiz = await refusing(c, 'close', () => closeQuiz(db, guess_id, user.id));
      announceQuiz(bus, quiz, 'closed');
      return ok(c, quiz);
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.draw), requireUser, async (c) => {
      const user = c.get('user')!;
      await actions.enforce(c.get('rt'), String(user.id));
      const { guess_id, winner } = await input(c, drawSchema);
      const { db, bus } = c.get('rt');
      const quiz = await findQuiz(db, guess_id);
      if (!quiz) throw new ApiError('quiz.errors.notFound');
      if (!(await managesRoom(db, quiz.anchor_id, user.id)))
        throw new ApiError('quiz.errors.notManager');
      await refusing(c, 'draw', () => startDraw(db, guess_id, winner));
      const settled = await runJob(db, guess_id);
      if (settled) announceSettled(db, bus, settled);
      return ok(c, settled?.quiz ?? (await findQuiz(db, guess_id)));
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.room), async (c) => {
      const { anchor_id } = await input(c, roomQuizzesSchema);
      const { db } = c.get('rt');
      const ids = await roomQuizIds(db, anchor_id, 20);
      return ok(c, { list: await quizzesByIds(db, ids, c.get('user')?.id) });
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.list), async (c) => {
      const { page, size } = await input(c, pageSchema);
      return ok(c, await publicQuizzes(c.get('rt').db, page, size, c.get('user')?.id));
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.mine), requireUser, async (c) => {
      const { page, size } = await input(c, pageSchema);
      return ok(c, await userBets(c.get('rt').db, c.get('user')!.id, page, size));
    })
    .on(...routeOf(QUIZ_MOUNT, quizApi.manage), requireUser, async (c) => {
      const { page, size } = await input(c, pageSchema);
      return ok(c, await anchorQuizzes(c.get('rt').db, c.get('user')!.id, page, size));
    });
}

/** The prefix app.ts mounts adminQuizRoutes under. */
export const ADMIN_QUIZ_MOUNT = '/api/admin/guess';

/** The administrators' quiz calls, mounted at /api/admin/guess. */
export const adminQuizRoutes = new Hono<ApiEnv>()
  .use('*', requireUser, requireAdmin)
  .on(...routeOf(ADMIN_QUIZ_MOUNT, quizApi.adminList), async (c) => {
    const { page, size, status } = await input(c, adminListSchema);
    return ok(c, await allQuizzes(c.get('rt').db, page, size, status));
  })
  .on(...routeOf(ADMIN_QUIZ_MOUNT, quizApi.cancel), async (c) => {
    const { guess_id } = await input(c, quizIdSchema);
    const { db, bus } = c.get('rt');
    const actor = await actorOf(c);
    const settled = await refusing(c, 'cancel', () => cancelQuiz(db, bus, actor, guess_id));
    const quiz = settled?.quiz ?? (await findQuiz(db, guess_id));
    return ok(c, {
      ...quiz,
      cancelled: quiz?.status === QUIZ_STATUS.cancelled || quiz?.status === QUIZ_STATUS.revoked,
    });
  });
