/**
 * Bets. A bet stakes gold on one option of a quiz that takes bets: the bettor's debit and the
 * quiz escrow's credit are one ledger operation under the key
 * `quiz:bet:<quiz>:<user>:<client_msg_id>` (the same client id on another quiz is another bet),
 * written in the transaction that adds the bet to the viewer's stake and to the quiz's pool.
 * Bets from the hub go through a queue (group commit, as gifts do): bets arriving while a batch
 * is written wait and go together in the next one, one transaction per batch.
 */
import { sql } from 'drizzle-orm';
import { GroupCommit, retryOnConflict } from '../db/group-commit.ts';
import { queryRows, type Db } from '../db/index.ts';
import type { LedgerOperation } from '../wallet/ledger.ts';
import { applyBatch } from '../wallet/batch.ts';
import { QUIZ_STATUS, type QuizOption } from '../../lib/quiz/types.ts';
import { QUIZ_ESCROW_ID } from './accounts.ts';
import type { StakeRow } from './views.ts';

/** A bet to place. */
export interface Bet {
  userId: number;
  quizId: number;
  option: QuizOption;
  /** Minor units of gold. */
  amount: number;
  clientMsgId: string;
  /** The room the bet was placed from: a quiz of another room is refused as unknown. */
  anchorId?: number;
}

/** Why a bet was refused, or how it went. */
export type BetStatus =
  | 'ok'
  /** This client_msg_id was placed before: nothing moved. */
  | 'replayed'
  /** Not enough gold: nothing moved. */
  | 'short'
  | 'no_quiz'
  /** The quiz no longer takes bets. */
  | 'closed'
  /** Below the quiz's minimum bet. */
  | 'below_min'
  /** The bettor already backs the other option. */
  | 'other_option'
  /** The anchor cannot bet in their own room. */
  | 'own_room';

/** What a bet did: its status, the stake after it and the bettor's balances. */
export interface BetOutcome {
  status: BetStatus;
  anchorId?: number;
  /** The quiz's minimum bet, for the below_min message. */
  minBet?: number;
  stake?: StakeRow;
  balances?: { gold: number; diamond: number };
  /** The quiz's pools after the batch, for the room's odds. */
  pools?: { poolA: number; poolB: number; bettorsA: number; bettorsB: number };
}

/** The ledger key of a bet: one press of one user on one quiz. */
export function betKey(bet: Pick<Bet, 'quizId' | 'userId' | 'clientMsgId'>): string {
  return `quiz:bet:${bet.quizId}:${bet.userId}:${bet.clientMsgId}`;
}

interface QuizState {
  anchorId: number;
  status: number;
  job: string | null;
  closesAt: Date;
  minBet: number;
}

interface StakeDelta {
  quizId: number;
  userId: number;
  option: number;
  amount: number;
  bets: number;
}

/** Adds accepted bets to the stakes and to the quizzes' pools and bettor counts. */
async function addStakes(tx: Db, deltas: StakeDelta[]): Promise<void> {
  const rows = JSON.stringify(
    deltas.map((d) => ({ q: d.quizId, u: d.userId, o: d.option, a: d.amount, n: d.bets })),
  );
  const added = await queryRows(
    tx,
    sql`insert into quiz_stakes (quiz_id, user_id, option, amount, bets)
      select s.q, s.u, s.o, s.a, s.n
      from jsonb_to_recordset(${rows}::jsonb) as s (q integer, u integer, o smallint, a bigint, n integer)
      order by 1, 2
      on conflict (quiz_id, user_id) do update
        set amount = quiz_stakes.amount + excluded.amount,
          bets = quiz_stakes.bets + excluded.bets, updated_at = now()
      returning quiz_id, user_id, (xmax = 0) as fresh`,
  );
  const fresh = new Set(
    added.filter((r) => r.fresh === true).map((r) => `${Number(r.quiz_id)}:${Number(r.user_id)}`),
  );
  const pools = new Map<number, { id: number; a: number; b: number; na: number; nb: number }>();
  for (const d of deltas) {
    const p = pools.get(d.quizId) ?? { id: d.quizId, a: 0, b: 0, na: 0, nb: 0 };
    const isNew = fresh.has(`${d.quizId}:${d.userId}`) ? 1 : 0;
    if (d.option === 1) {
      p.a += d.amount;
      p.na += isNew;
    } else {
      p.b += d.amount;
      p.nb += isNew;
    }
    pools.set(d.quizId, p);
  }
  await tx.execute(sql`
    update quizzes q set pool_a = q.pool_a + p.a, pool_b = q.pool_b + p.b,
      bettors_a = q.bettors_a + p.na, bettors_b = q.bettors_b + p.nb
    from jsonb_to_recordset(${JSON.stringify([...pools.values()])}::jsonb)
      as p (id integer, a bigint, b bigint, na integer, nb integer)
    where q.id = p.id`);
}

async function placeOnce(db: Db, bets: Bet[], now: Date): Promise<BetOutcome[]> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(bets.map((b) => b.quizId))].sort((a, b) => a - b);
    // The quizzes first, locked in id order: a close, draw or cancellation waits for the batch.
    const quizRows = await queryRows(
      tx,
      sql`select id, anchor_id, status, job, closes_at, min_bet from quizzes
        where id = any(${`{${ids.join(',')}}`}::integer[]) order by id for update`,
    );
    const quizzes = new Map<number, QuizState>(
      quizRows.map((r) => [
        Number(r.id),
        {
          anchorId: Number(r.anchor_id),
          status: Number(r.status),
          job: r.job === null ? null : (r.job as string),
          closesAt: new Date(r.closes_at as string),
          minBet: Number(r.min_bet),
        },
      ]),
    );
    const users = [...new Set(bets.map((b) => b.userId))];
    const held = await queryRows(
      tx,
      sql`select quiz_id, user_id, option from quiz_stakes
        where quiz_id = any(${`{${ids.join(',')}}`}::integer[])
          and user_id = any(${`{${users.join(',')}}`}::integer[])`,
    );
    const sides = new Map(
      held.map((r) => [`${Number(r.quiz_id)}:${Number(r.user_id)}`, Number(r.option)]),
    );
    const outcomes: BetOutcome[] = bets.map(() => ({ status: 'ok' }));
    const placing: number[] = [];
    bets.forEach((bet, i) => {
      const quiz = quizzes.get(bet.quizId);
      const out = outcomes[i]!;
      if (!quiz || (bet.anchorId !== undefined && bet.anchorId !== quiz.anchorId)) {
        return void (out.status = 'no_quiz');
      }
      out.anchorId = quiz.anchorId;
      out.minBet = quiz.minBet;
      if (bet.userId === quiz.anchorId) return void (out.status = 'own_room');
      if (quiz.status !== QUIZ_STATUS.open || quiz.job !== null || quiz.closesAt <= now) {
        return void (out.status = 'closed');
      }
      if (bet.amount < quiz.minBet) return void (out.status = 'below_min');
      const side = sides.get(`${bet.quizId}:${bet.userId}`);
      if (side !== undefined && side !== bet.option) return void (out.status = 'other_option');
      placing.push(i);
    });
    const ops: LedgerOperation[] = placing.map((i) => {
      const bet = bets[i]!;
      return {
        key: betKey(bet),
        kind: 'quiz_bet',
        reference: `quiz:${bet.quizId}:${bet.option}`,
        moves: [
          { userId: bet.userId, currency: 'gold', amount: -bet.amount, kind: 'quiz_bet' },
          { userId: QUIZ_ESCROW_ID, currency: 'gold', amount: bet.amount, kind: 'quiz_stake' },
        ],
      };
    });
    const results = await applyBatch(tx, ops);
    // A bet's side is settled by the first accepted bet: later ones of the batch must match it.
    const stakes = new Map<string, StakeDelta>();
    placing.forEach((i, n) => {
      const bet = bets[i]!;
      const result = results[n]!;
      const out = outcomes[i]!;
      out.balances = { gold: result.gold, diamond: result.diamond };
      if (result.status === 'short' || result.status === 'no_wallet')
        return void (out.status = 'short');
      if (result.status === 'replayed') return void (out.status = 'replayed');
      const key = `${bet.quizId}:${bet.userId}`;
      const side = sides.get(key);
      if (side !== undefined && side !== bet.option) {
        throw new Error('quiz bet: two sides accepted in one batch');
      }
      sides.set(key, bet.option);
      const stake = stakes.get(key) ?? {
        quizId: bet.quizId,
        userId: bet.userId,
        option: bet.option,
        amount: 0,
        bets: 0,
      };
      stake.amount += bet.amount;
      stake.bets += 1;
      stakes.set(key, stake);
    });
    if (stakes.size > 0) await addStakes(tx, [...stakes.values()]);
    // Every bet of the batch answers with the stake and pools as they are now.
    const after = await queryRows(
      tx,
      sql`select s.quiz_id, s.user_id, s.option, s.amount, s.bets, s.result, s.payout
        from quiz_stakes s where s.quiz_id = any(${`{${ids.join(',')}}`}::integer[])
          and s.user_id = any(${`{${users.join(',')}}`}::integer[])`,
    );
    const stakeOf = new Map(
      after.map((r) => [
        `${Number(r.quiz_id)}:${Number(r.user_id)}`,
        {
          option: Number(r.option),
          amount: Number(r.amount),
          bets: Number(r.bets),
          result: Number(r.result),
          payout: Number(r.payout),
        },
      ]),
    );
    const pools = await queryRows(
      tx,
      sql`select id, pool_a, pool_b, bettors_a, bettors_b from quizzes
        where id = any(${`{${ids.join(',')}}`}::integer[])`,
    );
    const poolOf = new Map(
      pools.map((r) => [
        Number(r.id),
        {
          poolA: Number(r.pool_a),
          poolB: Number(r.pool_b),
          bettorsA: Number(r.bettors_a),
          bettorsB: Number(r.bettors_b),
        },
      ]),
    );
    bets.forEach((bet, i) => {
      const out = outcomes[i]!;
      out.stake = stakeOf.get(`${bet.quizId}:${bet.userId}`);
      out.pools = poolOf.get(bet.quizId);
    });
    return outcomes;
  });
}

/**
 * Places bets in one transaction, in the order given; each is accepted or refused on its own
 * (see BetStatus). Either every accepted bet of the batch is written with its stake and pool,
 * or (on an error) none.
 */
export async function placeBets(db: Db, bets: Bet[], now = new Date()): Promise<BetOutcome[]> {
  if (bets.length === 0) return [];
  return retryOnConflict(() => placeOnce(db, bets, now));
}

/** Most bets written in one transaction. */
export const MAX_BET_BATCH = 128;

/** The bet queue of a database: one batch written at a time, the rest wait and go together. */
export class BetQueue {
  private readonly queue: GroupCommit<Bet, BetOutcome>;
  constructor(db: Db) {
    this.queue = new GroupCommit({ write: (bets) => placeBets(db, bets), maxBatch: MAX_BET_BATCH });
  }

  /** Places one bet with those waiting with it; resolves with its outcome. */
  place(bet: Bet): Promise<BetOutcome> {
    return this.queue.add(bet);
  }
}

const queues = new WeakMap<Db, BetQueue>();

/** The bet queue of a database (one per process and database). */
export function betQueue(db: Db): BetQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = new BetQueue(db);
    queues.set(db, queue);
  }
  return queue;
}
