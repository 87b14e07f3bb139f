/**
 * Asking and closing quizzes. The anchor (or a manager of the room) asks a quiz in a room that
 * is live; it opens at once and nobody edits it. Betting stops at the close time (the quiz clock)
 * or when the anchor or a manager closes it early. Draws and cancellations are settle.ts.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { categories, liveRooms, liveSessions, quizzes } from '../db/schema.ts';
import { roomModerators } from '../live/chat.ts';
import { OPEN_QUIZZES_MAX } from '../../lib/quiz/rules.ts';
import { QUIZ_STATUS, type QuizView } from '../../lib/quiz/types.ts';
import { ensureSystemAccounts } from './accounts.ts';
import { findQuiz } from './views.ts';

/** A refusal with the i18n key of its message; nothing was changed. */
export class QuizError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(key);
    this.name = 'QuizError';
    this.key = key;
  }
}

/** What the creation dialog asked for, checked by createQuizSchema. */
export interface NewQuiz {
  anchorId: number;
  byUserId: number;
  question: string;
  optionA: string;
  optionB: string;
  categoryId?: number;
  minBet: number;
  closeMinutes: number;
  feeBp: number;
}

/** True when `userId` may manage the quizzes of `anchorId`'s room: the anchor or a manager. */
export async function managesRoom(db: Db, anchorId: number, userId: number): Promise<boolean> {
  return (await roomModerators(db, anchorId)).has(userId);
}

/**
 * Opens a quiz in a live room. Refused ('Creation failed' with the reason) when the caller does
 * not manage the room, the room is not live, the category is unknown or the room already has
 * OPEN_QUIZZES_MAX quizzes before their draw.
 */
export async function createQuiz(db: Db, input: NewQuiz, now = new Date()): Promise<QuizView> {
  if (!(await managesRoom(db, input.anchorId, input.byUserId))) {
    throw new QuizError('quiz.errors.notManager');
  }
  await ensureSystemAccounts(db);
  const id = await db.transaction(async (tx) => {
    // The room row is the lock that keeps two creations from passing the open-quiz count.
    const [room] = await tx
      .select({ isLive: liveRooms.isLive, categoryId: liveRooms.categoryId })
      .from(liveRooms)
      .where(eq(liveRooms.anchorId, input.anchorId))
      .for('update');
    if (!room) throw new QuizError('quiz.errors.noRoom');
    const [live] = await tx
      .select({ id: liveSessions.id })
      .from(liveSessions)
      .where(and(eq(liveSessions.anchorId, input.anchorId), isNull(liveSessions.endedAt)));
    if (!room.isLive && !live) throw new QuizError('quiz.errors.notLive');
    const categoryId = input.categoryId ?? room.categoryId;
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw new QuizError('quiz.errors.badCategory');
    const [open] = await tx
      .select({ n: sql<number>`count(*)::integer` })
      .from(quizzes)
      .where(
        and(
          eq(quizzes.anchorId, input.anchorId),
          inArray(quizzes.status, [QUIZ_STATUS.open, QUIZ_STATUS.toDraw, QUIZ_STATUS.closed]),
        ),
      );
    if ((open?.n ?? 0) >= OPEN_QUIZZES_MAX) throw new QuizError('quiz.errors.tooMany');
    const [row] = await tx
      .insert(quizzes)
      .values({
        anchorId: input.anchorId,
        liveId: live?.id ?? null,
        categoryId,
        createdBy: input.byUserId,
        question: input.question,
        optionA: input.optionA,
        optionB: input.optionB,
        minBet: input.minBet,
        closeMinutes: input.closeMinutes,
        closesAt: new Date(now.getTime() + input.closeMinutes * 60_000),
        feeBp: input.feeBp,
        createdAt: now,
      })
      .returning({ id: quizzes.id });
    return row!.id;
  });
  return (await findQuiz(db, id))!;
}

/**
 * The anchor or a manager stops betting early ('Closing failed' when the quiz is not taking bets
 * or the caller does not manage its room). Returns the quiz after.
 */
export async function closeQuiz(
  db: Db,
  id: number,
  userId: number,
  now = new Date(),
): Promise<QuizView> {
  const quiz = await findQuiz(db, id);
  if (!quiz) throw new QuizError('quiz.errors.notFound');
  if (!(await managesRoom(db, quiz.anchor_id, userId)))
    throw new QuizError('quiz.errors.notManager');
  const done = await db
    .update(quizzes)
    .set({ status: QUIZ_STATUS.closed, closedAt: now })
    .where(and(eq(quizzes.id, id), eq(quizzes.status, QUIZ_STATUS.open), isNull(quizzes.job)))
    .returning({ id: quizzes.id });
  if (done.length === 0) throw new QuizError('quiz.errors.notOpen');
  return (await findQuiz(db, id))!;
}

/**
 * Quizzes whose close time has passed stop taking bets (to be drawn). Returns their ids; one
 * statement, so with several server processes each quiz is closed, and announced, once.
 */
export async function closeDueQuizzes(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db
    .update(quizzes)
    .set({ status: QUIZ_STATUS.toDraw, closedAt: now })
    .where(
      and(
        eq(quizzes.status, QUIZ_STATUS.open),
        sql`${quizzes.closesAt} <= ${now.toISOString()}::timestamptz`,
        isNull(quizzes.job),
      ),
    )
    .returning({ id: quizzes.id });
  return rows.map((r) => r.id);
}
