/**
 * Quiz frames of the hub: `bet` from a logged-in viewer (placed through the process's bet queue,
 * answered with `betRep` or an error, 10152 when the gold is short) and `quizPrompt` from the
 * anchor or a manager (re-announces an open quiz to the room). Also what joins read: the room's
 * quizzes for `loginRep.guess`, cached per room for a moment and dropped when a quiz frame passes.
 */
import {
  REALTIME_ERROR,
  SERVER_FRAME,
  type ServerFrame,
} from '../../lib/realtime/protocol/index.ts';
import { clientMsgIdEcho } from '../../lib/realtime/client-msg-id.ts';
import { CLIENT_FRAME_SCHEMAS } from '../../lib/realtime/protocol/schemas.ts';
import type { BetRepData, QuizView } from '../../lib/quiz/types.ts';
import type { Db } from '../db/index.ts';
import { log } from '../log.ts';
import { announceQuiz, createPoolTicker } from '../quiz/announce.ts';
import { betQueue, type BetStatus } from '../quiz/bets.ts';
import { roomQuizIds, quizzesByIds, stakeView, stakesOf } from '../quiz/views.ts';
import type { Runtime } from '../runtime.ts';
import type { Connection } from './connection.ts';

/** Message keys of refused bets. */
const REFUSALS: Record<Exclude<BetStatus, 'ok' | 'replayed'>, string> = {
  short: 'quiz.errors.insufficient',
  no_quiz: 'quiz.errors.notFound',
  closed: 'quiz.errors.closedForBets',
  below_min: 'quiz.errors.belowMin',
  other_option: 'quiz.errors.otherOption',
  own_room: 'quiz.errors.staffCannotBet',
};

/** How long a room's quiz list is reused by joins. */
const LIST_TTL_MS = 2_000;

/** The quiz side of the hub. */
export function createQuizHandlers(rt: Runtime) {
  const pools = createPoolTicker(rt.db, rt.bus);
  const lists = new Map<number, { at: number; list: Promise<QuizView[]> }>();

  function roomList(db: Db, anchorId: number): Promise<QuizView[]> {
    const now = Date.now();
    const hit = lists.get(anchorId);
    if (hit && now - hit.at < LIST_TTL_MS) return hit.list;
    const list = roomQuizIds(db, anchorId).then((ids) => quizzesByIds(db, ids));
    lists.set(anchorId, { at: now, list });
    if (lists.size > 10_000) lists.delete(lists.keys().next().value!);
    list.catch(() => lists.delete(anchorId));
    return list;
  }

  return {
    /** The room's open and recent quizzes for loginRep, with the joiner's own stakes. */
    async guessFor(anchorId: number, userId?: number): Promise<QuizView[]> {
      const list = await roomList(rt.db, anchorId);
      if (!userId || list.length === 0) return list;
      const mine = await stakesOf(
        rt.db,
        userId,
        list.map((q) => q.guess_id),
      );
      return list.map((q) => {
        const stake = mine.get(q.guess_id);
        return { ...q, mine: stake ? stakeView(stake) : null };
      });
    },

    /** A quiz frame passed through the room: the cached list is stale. */
    onRoomFrame(anchorId: number, frame: ServerFrame): void {
      if (frame.type === SERVER_FRAME.quiz || frame.type === SERVER_FRAME.guessSettled) {
        lists.delete(anchorId);
      }
    },

    /** bet: stakes gold on one option of a quiz of the joined room. */
    async bet(conn: Connection, data: unknown): Promise<void> {
      // Every refusal names the bet it refuses, when the bet carried a valid id.
      const echo = clientMsgIdEcho(data);
      const anchorId = conn.room;
      if (anchorId === undefined)
        return conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom', echo);
      const user = conn.user;
      if (!user) return conn.fail(REALTIME_ERROR.forbidden, 'quiz.errors.guest', echo);
      // The anchor and the managers run the draw: they may not bet on it.
      if (conn.isManager)
        return conn.fail(REALTIME_ERROR.forbidden, 'quiz.errors.staffCannotBet', echo);
      const parsed = CLIENT_FRAME_SCHEMAS.bet.safeParse(data);
      if (!parsed.success) return conn.fail(REALTIME_ERROR.badFrame, 'quiz.errors.badBet', echo);
      const { guess_id, option, amount, client_msg_id } = parsed.data;
      let outcome;
      try {
        outcome = await betQueue(rt.db).place({
          userId: user.id,
          quizId: guess_id,
          anchorId,
          option,
          amount,
          clientMsgId: client_msg_id,
        });
      } catch (error) {
        log('error', 'quiz_bet_failed', { error: String(error) });
        return conn.fail(REALTIME_ERROR.badFrame, 'quiz.errors.betFailed', echo);
      }
      if (outcome.status !== 'ok' && outcome.status !== 'replayed') {
        const code =
          outcome.status === 'short'
            ? REALTIME_ERROR.insufficientBalance
            : REALTIME_ERROR.refusedBet;
        conn.send({
          type: SERVER_FRAME.error,
          data: {
            code,
            msg: conn.t(REFUSALS[outcome.status], { min: (outcome.minBet ?? 0) / 100 }),
            reason: outcome.status,
            ...echo,
          },
        });
        return;
      }
      if (outcome.status === 'ok') pools.mark(guess_id);
      const rep: BetRepData = {
        client_msg_id,
        guess_id,
        stake: stakeView(outcome.stake!),
        bal: outcome.balances!,
      };
      conn.send({ type: SERVER_FRAME.betRep, data: rep });
    },

    /** quizPrompt: the anchor or a manager shows an open quiz to the room again. */
    async prompt(conn: Connection, data: unknown): Promise<void> {
      const anchorId = conn.room;
      if (anchorId === undefined)
        return conn.fail(REALTIME_ERROR.notInRoom, 'liveChat.errors.notInRoom');
      if (!conn.user || !conn.isManager)
        return conn.fail(REALTIME_ERROR.forbidden, 'liveChat.errors.forbidden');
      const parsed = CLIENT_FRAME_SCHEMAS.quizPrompt.safeParse(data);
      if (!parsed.success) return conn.fail(REALTIME_ERROR.badFrame, 'quiz.errors.notFound');
      const [quiz] = await quizzesByIds(rt.db, [parsed.data.guess_id]);
      if (!quiz || quiz.anchor_id !== anchorId)
        return conn.fail(REALTIME_ERROR.badFrame, 'quiz.errors.notFound');
      announceQuiz(rt.bus, quiz, 'prompt');
      conn.send({ type: SERVER_FRAME.quizPrompt, data: { guess_id: quiz.guess_id } });
    },

    stop: () => pools.stop(),
  };
}

/** The quiz handlers of a hub. */
export type QuizHandlers = ReturnType<typeof createQuizHandlers>;
