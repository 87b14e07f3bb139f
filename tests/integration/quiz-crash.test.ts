/**
 * A process settling a 5,000-bet quiz is killed with SIGKILL half-way; after a restart the
 * settlement resumes and every winner is paid exactly once: balances equal their ledgers, each
 * payout key was applied once, and the escrow is empty.
 */
import { spawn } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/index.ts';
import { quizzes, users, wallets } from '../../src/server/db/schema.ts';
import { ensureSystemAccounts, QUIZ_ESCROW_ID } from '../../src/server/quiz/accounts.ts';
import { placeBets, type Bet } from '../../src/server/quiz/bets.ts';
import { pendingJobs, runJob, startDraw } from '../../src/server/quiz/settle.ts';
import { applyBatch } from '../../src/server/wallet/batch.ts';
import { formatReport, isClean, verifyLedger } from '../../src/server/wallet/verify.ts';
import { QUIZ_STATUS } from '../../src/lib/quiz/types.ts';
import { crashTarget } from './crash-target.ts';
import { DB_KINDS } from './helpers.ts';

const BETTORS = 5_000;
describe.each(DB_KINDS)('quiz settlement crash on %s', (kind) => {
  it('pays every winner once after SIGKILL mid-settlement and a restart', async () => {
    const { open, arg } = await crashTarget(kind);
    const setup = await openDatabase(open);
    const { db } = setup;
    await ensureSystemAccounts(db);
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: BETTORS + 1 }, (_, i) => ({
          mobile: `1350${String(i).padStart(7, '0')}`,
          nickName: `Fan${i}`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(wallets).values(people.map((p) => ({ userId: p.id })));
    const [anchor, ...bettors] = people.map((p) => p.id);
    await applyBatch(
      db,
      bettors.map((id) => ({
        key: `qcrash-grant:${id}`,
        kind: 'grant',
        moves: [{ userId: id, currency: 'gold' as const, amount: 10_000, kind: 'grant' }],
      })),
    );
    const [quiz] = await db
      .insert(quizzes)
      .values({
        anchorId: anchor!,
        createdBy: anchor!,
        question: 'Crash test',
        optionA: 'Yes',
        optionB: 'No',
        minBet: 100,
        closeMinutes: 10,
        closesAt: new Date(Date.now() + 600_000),
      })
      .returning({ id: quizzes.id });
    const quizId = quiz!.id;
    const bets: Bet[] = bettors.map((userId, i) => ({
      userId,
      quizId,
      option: (((i % 3) % 2) + 1) as 1 | 2,
      amount: 100 + (i % 7) * 100,
      clientMsgId: `b${i}`,
    }));
    for (let i = 0; i < bets.length; i += 500) {
      const out = await placeBets(db, bets.slice(i, i + 500));
      expect(out.every((o) => o.status === 'ok')).toBe(true);
    }
    await startDraw(db, quizId, 1);
    await setup.close();

    const child = spawn(
      process.execPath,
      ['tests/integration/quiz-settle-child.ts', arg, String(quizId)],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let settled = 0;
    await new Promise<void>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`settlement exited early with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n')) {
          if (line === 'done') reject(new Error('the settlement ended before the kill'));
          if (/^\d+$/.test(line)) settled = Number(line);
          if (settled >= 1_000) resolve();
        }
      });
    });
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const reopened = await openDatabase(open);
    try {
      const rdb = reopened.db;
      // The restart finds the half-done job and finishes it.
      expect(await pendingJobs(rdb)).toEqual([quizId]);
      const [part] = await queryRows(
        rdb,
        sql`select count(*) as n from quiz_stakes where quiz_id = ${quizId} and result <> 4`,
      );
      expect(Number(part!.n)).toBeGreaterThanOrEqual(1_000);
      expect(Number(part!.n)).toBeLessThan(BETTORS);
      const result = await runJob(rdb, quizId);
      expect(result?.quiz.status).toBe(QUIZ_STATUS.drawn);
      expect(await pendingJobs(rdb)).toEqual([]);
      const [counts] = await queryRows(
        rdb,
        sql`select
          (select count(*) from ledger_operations where idempotency_key like ${`quiz:${quizId}:payout:%`}) as ops,
          (select count(*) from quiz_stakes where quiz_id = ${quizId} and payout > 0) as winners,
          (select count(*) from quiz_stakes where quiz_id = ${quizId} and result = 4) as left,
          (select gold from wallets where user_id = ${QUIZ_ESCROW_ID}) as escrow`,
      );
      expect(Number(counts!.ops)).toBe(Number(counts!.winners));
      expect(Number(counts!.left)).toBe(0);
      expect(Number(counts!.escrow)).toBe(0);
      // Each bettor: 10,000 less the stake plus the payout, exactly.
      const [wrong] = await queryRows(
        rdb,
        sql`select count(*) as n from quiz_stakes s join wallets w on w.user_id = s.user_id
          where s.quiz_id = ${quizId} and w.gold <> 10000 - s.amount + s.payout`,
      );
      expect(Number(wrong!.n)).toBe(0);
      const report = await verifyLedger(rdb);
      expect(isClean(report), formatReport(report, kind)).toBe(true);
    } finally {
      await reopened.close();
    }
  }, 180_000);
});
