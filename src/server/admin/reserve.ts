/**
 * The platform's reserve: the platform ledger account receives quiz fees and remainders and pays
 * what a cancellation after the draw cannot take back from winners who spent their winnings.
 * When it runs short, an operator tops it up: money paid in from outside the platform (the
 * owner's capital), written as one ledger operation of kind `platform_topup` (reference
 * `owner_capital`) with an audit row saying who, how much and why, in one transaction. The view
 * lists cancellations that have not finished and what the reserve lacks for each.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ReserveView, TopUpView, UnfinishedCancellation } from '../../lib/admin/views.ts';
import { BET_RESULT } from '../../lib/quiz/types.ts';
import { queryRows, type Db } from '../db/index.ts';
import { ensureSystemAccounts, PLATFORM_ID, QUIZ_ESCROW_ID } from '../quiz/accounts.ts';
import { applyMoves, readBalances } from '../wallet/ledger.ts';
import { audit, type Actor } from '../staff/audit.ts';

/** Ledger kind of a top-up of the platform account. */
export const TOPUP_KIND = 'platform_topup';
/** Ledger reference of a top-up: where its money comes from. */
export const TOPUP_SOURCE = 'owner_capital';

const num = (v: unknown) => Number(v ?? 0);

/**
 * Cancellations under way (their quiz's job is set) and what each still needs from the platform
 * account: after the draw, the fee and remainder it gives back to the escrow (until done) and the
 * winnings it covers for winners whose gold cannot pay them back (until done; for winners not yet
 * reached, from their gold now).
 */
async function unfinishedCancellations(
  db: Db,
  platform: number,
): Promise<UnfinishedCancellation[]> {
  const rows = await queryRows(
    db,
    sql`select q.id, q.question, q.anchor_id, q.job, q.fee + q.remainder as fee,
      exists (select 1 from ledger_operations o
        where o.idempotency_key = 'quiz:' || q.id || ':fee-back') as fee_back,
      exists (select 1 from ledger_operations o
        where o.idempotency_key = 'quiz:' || q.id || ':cover') as covered,
      (select coalesce(sum(s.debt), 0) from quiz_stakes s where s.quiz_id = q.id) as debts,
      (select coalesce(sum(greatest(0, s.payout - s.amount - coalesce(w.gold, 0))), 0)
        from quiz_stakes s left join wallets w on w.user_id = s.user_id
        where s.quiz_id = q.id and s.result = ${BET_RESULT.calculating}
          and s.payout > s.amount) as uncovered
    from quizzes q where q.job in ('cancel', 'revoke') order by q.id`,
  );
  return rows.map((r) => {
    const job = r.job === 'revoke' ? 'revoke' : 'cancel';
    const need =
      job === 'cancel'
        ? 0
        : (r.fee_back === true ? 0 : num(r.fee)) +
          (r.covered === true ? 0 : num(r.debts) + num(r.uncovered));
    return {
      guess_id: num(r.id),
      question: String(r.question),
      anchor_id: num(r.anchor_id),
      job,
      need,
      short: Math.max(0, need - platform),
    };
  });
}

/** The platform and escrow accounts' gold, the top-ups so far and unfinished cancellations. */
export async function reserveView(db: Db): Promise<ReserveView> {
  const platform = (await readBalances(db, PLATFORM_ID)).gold;
  const [paid] = await queryRows(
    db,
    sql`select coalesce(sum(e.amount), 0) as total from ledger_entries e
      where e.user_id = ${PLATFORM_ID} and e.kind = ${TOPUP_KIND}`,
  );
  return {
    platform,
    escrow: (await readBalances(db, QUIZ_ESCROW_ID)).gold,
    paid_in: num(paid?.total),
    cancellations: await unfinishedCancellations(db, platform),
  };
}

/**
 * Pays `amount` gold (minor units, checked by topUpRequest) into the platform account: one
 * ledger operation and its audit row (who, how much, why, the balance after) commit together.
 */
export async function topUpPlatform(
  db: Db,
  actor: Actor,
  topUp: { amount: number; reason: string },
): Promise<TopUpView> {
  await ensureSystemAccounts(db);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const key = `platform:topup:${randomUUID()}`;
    const outcome = await applyMoves(t, {
      key,
      kind: TOPUP_KIND,
      reference: TOPUP_SOURCE,
      moves: [{ userId: PLATFORM_ID, currency: 'gold', amount: topUp.amount, kind: TOPUP_KIND }],
    });
    const platform = outcome.moves[0]!.balanceAfter;
    await audit(t, actor, 'platform.topup', `user:${PLATFORM_ID}`, {
      amount: topUp.amount,
      reason: topUp.reason,
      source: TOPUP_SOURCE,
      operation: key,
      balance_after: platform,
    });
    return { operation_id: outcome.operationId, amount: topUp.amount, platform };
  });
}
