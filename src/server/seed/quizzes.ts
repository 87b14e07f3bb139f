/**
 * Demo quizzes, so the quiz list and two live rooms have something to bet on: two open quizzes
 * (a day to close) with bets from the demo fans, and one already drawn in the LPL room's history.
 * Everything goes through the quiz services and the ledger: the fans' gems are a ledger grant,
 * every bet a ledger operation, the draw a real payout.
 */
import type { Db } from '../db/index.ts';
import { ensureSystemAccounts } from '../quiz/accounts.ts';
import { placeBets, type Bet } from '../quiz/bets.ts';
import { createQuiz } from '../quiz/service.ts';
import { runJob, startDraw } from '../quiz/settle.ts';
import { applyMoves } from '../wallet/ledger.ts';
import { DEMO_FANS } from './fans.ts';

interface DemoQuiz {
  anchorMobile: string;
  question: string;
  optionA: string;
  optionB: string;
  /** Stakes in gems by fan, in DEMO_FANS order: positive on A, negative on B, 0 none. */
  stakes: number[];
  /** Drawn for this option, or left open. */
  drawn?: 1 | 2;
}

const DEMO_QUIZZES: DemoQuiz[] = [
  {
    anchorMobile: '13900000010',
    question: 'First blood?',
    optionA: 'BLG',
    optionB: 'JDG',
    stakes: [20, -10, 50, 0, -30, 10, 5, -20],
    drawn: 1,
  },
  {
    anchorMobile: '13900000010',
    question: 'Who wins game 1?',
    optionA: 'BLG',
    optionB: 'JDG',
    stakes: [50, -20, 100, -5, 30, 0, -60, 10],
  },
  {
    anchorMobile: '13900000014',
    question: 'Over 220.5 points?',
    optionA: 'Over',
    optionB: 'Under',
    stakes: [-10, 25, 0, 15, -40, 20, 0, -5],
  },
];

/** Gems each fan gets for the demo bets. */
const FAN_GEMS = 500;

/** Asks the demo quizzes with their bets; fans are the ids of DEMO_FANS by mobile. */
export async function seedQuizzes(db: Db, people: Map<string, number>, now: Date): Promise<void> {
  await ensureSystemAccounts(db);
  const fans = DEMO_FANS.map((f) => people.get(f.mobile)!);
  for (const userId of fans) {
    await applyMoves(db, {
      key: `demo-seed:quiz-gems:${userId}`,
      kind: 'grant',
      reference: 'demo-seed',
      moves: [{ userId, currency: 'gold', amount: FAN_GEMS * 100, kind: 'grant' }],
    });
  }
  for (const [n, demo] of DEMO_QUIZZES.entries()) {
    const anchorId = people.get(demo.anchorMobile)!;
    const quiz = await createQuiz(
      db,
      {
        anchorId,
        byUserId: anchorId,
        question: demo.question,
        optionA: demo.optionA,
        optionB: demo.optionB,
        minBet: 100,
        closeMinutes: 24 * 60,
        feeBp: 0,
      },
      new Date(now.getTime() - (DEMO_QUIZZES.length - n) * 60_000),
    );
    const bets: Bet[] = demo.stakes.flatMap((gems, i): Bet[] =>
      gems === 0
        ? []
        : [
            {
              userId: fans[i]!,
              quizId: quiz.guess_id,
              option: gems > 0 ? 1 : 2,
              amount: Math.abs(gems) * 100,
              clientMsgId: `demo-${n}-${i}`,
            },
          ],
    );
    await placeBets(db, bets, now);
    if (demo.drawn) {
      await startDraw(db, quiz.guess_id, demo.drawn, now);
      await runJob(db, quiz.guess_id);
    }
  }
}
